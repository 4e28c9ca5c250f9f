import { Form, Link, redirect, useNavigation } from "react-router";
import { localizePath } from "~/lib/i18n/locales";
import type { Route } from "./+types/profile";
import { SITE_NAME } from "~/components/site";
import { loginUrlFor } from "~/features/accounts/access";
import { failureData } from "~/lib/error-responses.server";
import { t, currentLocale } from "~/lib/i18n/i18n";
import { SelectField, TextField } from "~/components/ui/field";
import { Alert, FailureAlert } from "~/components/ui/alert";
import { optionalUser, requireUser } from "~/features/accounts/guards.server";
import { LogoutButton } from "~/features/profile/components/logout-button";
import { PROFILE_TEXTS, locationLabel, profileDisplayName, roleLabel } from "~/features/profile/profile-display";
import { signupStateLabel } from "~/features/profile/profile.schemas";
import { updateProfile } from "~/features/profile/update-profile.server";
import { signOut } from "~/features/accounts/sign-out.server";
import { YourDataCard } from "~/features/privacy/components/your-data-card";
import { deleteMyAccount } from "~/features/privacy/delete-my-account.server";
import { ACCOUNT_DELETED_REDIRECT, PRIVACY_TEXTS } from "~/features/privacy/privacy.schemas";
import { COUNTRIES, SIGNUP_REGIONS, placeOptions } from "~/lib/reference";
import { setWeeklySummary } from "~/features/analytics/set-weekly-summary.server";
import { weeklySummaryWanted } from "~/features/analytics/weekly-summary-preference.server";
import { WEEKLY_SUMMARY_TEXTS } from "~/features/analytics/weekly-summary-texts";
import { PhoneCard, type PhoneCardState } from "~/features/accounts/components/phone-card";
import { confirmPhoneCode, requestHolderCode, requestPhoneCode, verifiedPhone } from "~/features/accounts/verify-phone.server";
import { confirmIdentity, identityCheckFor, liveProof } from "~/features/accounts/confirm-identity.server";
import type { IdentityState } from "~/features/accounts/components/confirm-it-is-you";
import { NoticePreferencesCard } from "~/features/notifications/components/notice-preferences-card";
import { getNoticePreferences, setNoticePreferences } from "~/features/notifications/notice-preferences.server";
import type { NoticePreferences } from "~/features/notifications/notice-preferences";
import { PHONE_SIGN_IN_TEXTS, shownEmail } from "~/features/accounts/phone.schemas";
import { requestEmailChange } from "~/features/accounts/change-email.server";
import { EmailCard } from "~/features/accounts/components/email-card";

export const meta: Route.MetaFunction = () => [{ title: t("Profile | {{site}}", { site: SITE_NAME }) }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await optionalUser(request);
  if (!user) return { profile: null };
  return {
    profile: {
      name: profileDisplayName(user),
      // An account made with a phone number has no e-mail address (issue 33).
      email: shownEmail(user.email) ?? t(PHONE_SIGN_IN_TEXTS.phoneOnlyEmail),
      hasEmail: shownEmail(user.email) !== null,
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
      country: user.country ?? PROFILE_TEXTS.defaultCountry,
      state: signupStateLabel(user.state),
      location: locationLabel(user),
      role: user.role,
      roleLabel: roleLabel(user.isAdmin ? "admin" : user.role),
      isVerified: user.kycStatus === "approved",
      isAdmin: user.isAdmin,
      // Owners' weekly summary e-mail (issue 18): on unless they turned it off or unsubscribed.
      weeklySummary: user.role === "business" ? await weeklySummaryWanted(user.id) : null,
      // The verified mobile number and how they want to hear of new messages (issue 33).
      phone: await verifiedPhone(user),
      // How they confirm it is them before changing their number or e-mail address (issue 33).
      identityCheck: await identityCheckFor(user),
      notices: await getNoticePreferences(user.id),
    },
    // Lists travel as data so the page's JavaScript does not carry every reference list.
    countries: COUNTRIES,
    regions: SIGNUP_REGIONS,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, ["visitor", "business", "admin"]);
  const form = await request.formData();
  if (form.get("intent") === "delete-account") return deleteAccount(request, user, form);
  // An account without a password confirms its deletion with a code sent to its number (issue 33).
  if (form.get("intent") === "delete-code") {
    const confirmation = String(form.get("confirmation") ?? "").slice(0, 100);
    try {
      const { phone } = await requestHolderCode(user, { clientAddress: context.clientAddress });
      return { ok: true as const, form: "delete-code" as const, codeSentTo: phone, confirmation };
    } catch (error) {
      return failureData(error, { fallback: PRIVACY_TEXTS.deleteFailed, keep: { form: "delete-account" as const, confirmation } });
    }
  }
  if (form.get("intent") === "notices") {
    const chosen = {
      channels: form.getAll("channels").map(String).slice(0, 5),
      quietFrom: String(form.get("quietFrom") ?? ""),
      quietUntil: String(form.get("quietUntil") ?? ""),
      dailyTextCap: String(form.get("dailyTextCap") ?? ""),
    };
    try {
      await setNoticePreferences(user, chosen);
      return { ok: true as const, form: "notices" as const };
    } catch (error) {
      const typed: NoticePreferences = {
        channels: chosen.channels.filter((c): c is NoticePreferences["channels"][number] => ["email", "sms", "whatsapp"].includes(c)),
        quietFrom: Number(chosen.quietFrom) || 0,
        quietUntil: Number(chosen.quietUntil) || 0,
        dailyTextCap: Number(chosen.dailyTextCap) || 1,
      };
      return failureData(error, { keep: { form: "notices" as const, typedNotices: typed } });
    }
  }
  // 'Confirm it is you' by a code to the account's number, before changing the number or the e-mail address (issue 33).
  if (form.get("intent") === "identity-code") {
    const card = form.get("card") === "email" ? ("email" as const) : ("phone" as const);
    try {
      const { phone } = await requestHolderCode(user, { clientAddress: context.clientAddress });
      return { ok: true as const, form: "identity-code" as const, card, codeSentTo: phone };
    } catch (error) {
      return failureData(error, { keep: { form: "identity-code" as const, card } });
    }
  }
  // The e-mail address (issue 33): once they confirmed it is them, a link to the new address confirms it.
  if (form.get("intent") === "email-change") {
    const typedEmail = String(form.get("email") ?? "").slice(0, 254);
    let proof: string | null = null;
    try {
      proof = await confirmIdentity(user, identityAnswer(form));
      const { email } = await requestEmailChange(user, { email: typedEmail, proof }, { clientAddress: context.clientAddress });
      return { ok: true as const, form: "email" as const, sentTo: email, proof };
    } catch (error) {
      return failureData(error, { keep: { form: "email" as const, typedEmail, proof } });
    }
  }
  // The phone number (issue 33): once they confirmed it is them, a code to the number typed, then the code back.
  if (form.get("intent") === "phone-code") {
    const typedPhone = String(form.get("phone") ?? "").slice(0, 40);
    let proof: string | null = null;
    try {
      proof = await confirmIdentity(user, identityAnswer(form));
      const { phone } = await requestPhoneCode(user, { phone: typedPhone, proof }, { clientAddress: context.clientAddress });
      return { ok: true as const, form: "phone" as const, phoneStep: { step: "code", pending: phone, sent: true } satisfies PhoneCardState, proof };
    } catch (error) {
      return failureData(error, { keep: { form: "phone" as const, typedPhone, phoneStep: { step: "start" } as PhoneCardState, proof } });
    }
  }
  if (form.get("intent") === "phone-verify") {
    const pending = String(form.get("phone") ?? "").slice(0, 40);
    // A confirmation still live goes on to the next change (the e-mail address, say).
    const proof = liveProof(user, String(form.get("proof") ?? ""));
    try {
      const { phone } = await confirmPhoneCode(user, { phone: pending, code: String(form.get("code") ?? "").slice(0, 20) });
      return { ok: true as const, form: "phone" as const, phoneStep: { step: "verified", phone } satisfies PhoneCardState, proof };
    } catch (error) {
      return failureData(error, { keep: { form: "phone" as const, typedPhone: undefined, phoneStep: { step: "code", pending, sent: false } as PhoneCardState, proof } });
    }
  }
  if (form.get("intent") === "weekly-summary") {
    try {
      await setWeeklySummary(user, form.get("weeklySummary") === "on");
      return { ok: true as const, form: "weekly-summary" as const };
    } catch (error) {
      return failureData(error, { keep: { form: "weekly-summary" as const } });
    }
  }
  const values = {
    firstName: String(form.get("firstName") ?? ""),
    lastName: String(form.get("lastName") ?? ""),
    country: String(form.get("country") ?? ""),
    state: String(form.get("state") ?? ""),
  };
  try {
    await updateProfile(user, values);
    return { ok: true as const };
  } catch (error) {
    return failureData(error, { fallback: PROFILE_TEXTS.saveFailed, keep: { values } });
  }
}

/** What a change form carries to confirm it is them: the password, the code to their number, or an earlier proof. */
function identityAnswer(form: FormData) {
  return { password: String(form.get("password") ?? "").slice(0, 1024), code: String(form.get("code") ?? "").slice(0, 20), proof: String(form.get("proof") ?? "").slice(0, 300) };
}

/** The 'Delete account' form: the password again and the typed word; on success the browser goes home signed out. */
async function deleteAccount(request: Request, user: Awaited<ReturnType<typeof requireUser>>, form: FormData) {
  // The word is kept for the form; the password never is.
  const confirmation = String(form.get("confirmation") ?? "").slice(0, 100);
  try {
    await deleteMyAccount(user, { password: String(form.get("deletePassword") ?? ""), code: String(form.get("code") ?? "").slice(0, 20), confirmation });
  } catch (error) {
    return failureData(error, { fallback: PRIVACY_TEXTS.deleteFailed, keep: { form: "delete-account" as const, confirmation } });
  }
  // Every session is gone already; this only tells the browser to drop the cookie.
  const { headers } = await signOut(request).catch(() => ({ headers: new Headers() }));
  throw redirect(ACCOUNT_DELETED_REDIRECT, { headers });
}

const badge = "rounded-full px-2.5 py-0.5 text-xs font-semibold";

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { profile } = loaderData;
  if (!profile || !("countries" in loaderData)) {
    return (
      <div className="page max-w-lg">
        <section className="card space-y-4 p-6 text-center">
          <h1 className="title">{t(PROFILE_TEXTS.signInRequired)}</h1>
          <Link to={loginUrlFor("/profile")} className="btn btn-primary">
            {t("Log In")}
          </Link>
        </section>
      </div>
    );
  }
  const refused = actionData && !actionData.ok ? actionData : null;
  const deleteRefused = refused && "form" in refused && refused.form === "delete-account" ? refused : null;
  const emailResult = actionData && "form" in actionData && actionData.form === "email" ? actionData : null;
  const deleteCode = actionData?.ok && "form" in actionData && actionData.form === "delete-code" ? actionData : null;
  const weeklyRefused = refused && "form" in refused && refused.form === "weekly-summary" ? refused : null;
  const weeklySaved = actionData?.ok && "form" in actionData && actionData.form === "weekly-summary";
  const phoneResult = actionData && "form" in actionData && actionData.form === "phone" ? actionData : null;
  const phoneRefused = phoneResult && !phoneResult.ok ? phoneResult : null;
  const noticesResult = actionData && "form" in actionData && actionData.form === "notices" ? actionData : null;
  const noticesRefused = noticesResult && !noticesResult.ok ? noticesResult : null;
  const phoneBusy = navigation.state === "submitting" && String(navigation.formData?.get("intent") ?? "").startsWith("phone-");
  // 'Confirm it is you' (issue 33): a proof from the last answer serves both cards; else the password or a code.
  const proof = actionData && "proof" in actionData && actionData.proof ? actionData.proof : null;
  const identityCode = actionData && "form" in actionData && actionData.form === "identity-code" ? actionData : null;
  const identityFor = (card: "phone" | "email", refusedHere: boolean): IdentityState => {
    if (proof) return { way: "proof", proof };
    const check = profile.identityCheck;
    if (check.way !== "code") return check;
    return { way: "code", phone: check.phone, sent: Boolean(identityCode?.ok && identityCode.card === card) || refusedHere };
  };
  const identityRefused = (card: "phone" | "email") => (identityCode && !identityCode.ok && identityCode.card === card ? identityCode.failure : null);
  const failed = refused && !("form" in refused) ? refused : null;
  const typed = failed?.values;
  const errors: Record<string, string> = failed?.failure.fields ?? {};
  const submitting = navigation.state === "submitting" && navigation.formAction === localizePath(currentLocale(), "/profile");
  const deleting = submitting && navigation.formData?.get("intent") === "delete-account";
  const saving =
    submitting && !deleting && !phoneBusy && !["weekly-summary", "notices", "email-change", "delete-code", "identity-code"].includes(String(navigation.formData?.get("intent") ?? ""));
  const identityBusy = (card: "phone" | "email") => navigation.state === "submitting" && navigation.formData?.get("intent") === "identity-code" && navigation.formData.get("card") === card;
  const initials = profile.name === t(PROFILE_TEXTS.fallbackName) ? "?" : profile.name.split(/\s+/).map((w) => w[0]).join("").slice(0, 2).toUpperCase();

  return (
    <div className="page max-w-2xl space-y-5">
      <section className="card flex items-center gap-4 p-5" aria-labelledby="profile-name">
        <span aria-hidden="true" className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xl font-bold text-brand-800">
          {initials}
        </span>
        <div className="min-w-0">
          <h1 id="profile-name" className="title truncate">
            {profile.name}
          </h1>
          <p className="mt-1 flex flex-wrap gap-2">
            <span className={`${badge} bg-gray-100 text-gray-800`}>{profile.roleLabel}</span>
            {profile.isVerified ? <span className={`${badge} bg-green-100 text-green-800`}>{t(PROFILE_TEXTS.verified)}</span> : null}
            {profile.isAdmin ? <span className={`${badge} bg-purple-100 text-purple-800`}>{t(PROFILE_TEXTS.adminAccess)}</span> : null}
          </p>
        </div>
      </section>

      {profile.isAdmin ? (
        <section className="card flex flex-wrap items-center justify-between gap-3 p-5" aria-labelledby="admin-card-title">
          <div>
            <h2 id="admin-card-title" className="font-semibold">
              {t("Administration")}
            </h2>
            <p className="text-sm text-gray-600">{t("Manage users, approvals, featured listings, notifications and feedback.")}</p>
          </div>
          <Link to="/admin" className="btn btn-primary">
            {t(PROFILE_TEXTS.goToAdmin)}
          </Link>
        </section>
      ) : null}

      <section className="card p-5" aria-labelledby="details-title">
        <h2 id="details-title" className="mb-3 font-semibold">
          {t("Account Details")}
        </h2>
        <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-2 text-sm">
          <dt className="text-gray-500">{t("Email")}</dt>
          <dd className="break-all">{profile.email}</dd>
          <dt className="text-gray-500">{t("Name")}</dt>
          <dd>{profile.name}</dd>
          <dt className="text-gray-500">{t("Location")}</dt>
          <dd>{profile.location}</dd>
          <dt className="text-gray-500">{t("Account type")}</dt>
          <dd>{profile.roleLabel}</dd>
        </dl>
      </section>

      <section className="card p-5" aria-labelledby="edit-title">
        <h2 id="edit-title" className="mb-3 font-semibold">
          {t("Edit Your Details")}
        </h2>
        <Form method="post" className="space-y-4" noValidate>
          {actionData?.ok && !("form" in actionData) ? (
            <Alert tone="success">
              <strong className="block">{t(PROFILE_TEXTS.saved.title)}</strong>
              {t(PROFILE_TEXTS.saved.text)}
            </Alert>
          ) : null}
          {failed ? <FailureAlert failure={failed.failure} /> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t("First name")} name="firstName" autoComplete="given-name" maxLength={100} defaultValue={typed?.firstName ?? profile.firstName} error={errors.firstName} />
            <TextField label={t("Last name")} name="lastName" autoComplete="family-name" maxLength={100} defaultValue={typed?.lastName ?? profile.lastName} error={errors.lastName} />
            <SelectField label={t("Country")} name="country" options={placeOptions(loaderData.countries)} defaultValue={typed?.country ?? profile.country} error={errors.country} />
            <SelectField
              label={t("State / Region")}
              name="state"
              options={placeOptions(loaderData.regions)}
              placeholder={t("Select your state")}
              defaultValue={typed?.state ?? profile.state}
              error={errors.state}
            />
          </div>
          <button type="submit" disabled={saving} className="btn btn-primary">
            {saving ? t("Saving…") : t("Save Changes")}
          </button>
        </Form>
      </section>

      {profile.weeklySummary !== null ? (
        <section className="card p-5" aria-labelledby="email-settings-title">
          <h2 id="email-settings-title" className="mb-3 font-semibold">
            {t(WEEKLY_SUMMARY_TEXTS.settingTitle)}
          </h2>
          <Form method="post" className="space-y-3">
            {weeklySaved ? <Alert tone="success">{t(profile.weeklySummary ? WEEKLY_SUMMARY_TEXTS.settingOn : WEEKLY_SUMMARY_TEXTS.settingOff)}</Alert> : null}
            {weeklyRefused ? <FailureAlert failure={weeklyRefused.failure} /> : null}
            <input type="hidden" name="intent" value="weekly-summary" />
            <label className="flex items-start gap-3 text-sm">
              <input type="checkbox" name="weeklySummary" defaultChecked={profile.weeklySummary} className="mt-1 h-4 w-4" />
              <span>
                <span className="block font-medium">{t(WEEKLY_SUMMARY_TEXTS.settingLabel)}</span>
                <span className="block text-gray-600">{t(WEEKLY_SUMMARY_TEXTS.settingHint)}</span>
              </span>
            </label>
            <button type="submit" className="btn btn-outline">
              {t(WEEKLY_SUMMARY_TEXTS.settingSave)}
            </button>
          </Form>
        </section>
      ) : null}

      {profile.isAdmin ? null : (
        <EmailCard
          email={profile.hasEmail ? profile.email : null}
          sentTo={emailResult?.ok ? emailResult.sentTo : null}
          failure={emailResult && !emailResult.ok ? emailResult.failure : null}
          typedEmail={emailResult && !emailResult.ok ? emailResult.typedEmail : undefined}
          busy={(navigation.state === "submitting" && navigation.formData?.get("intent") === "email-change") || identityBusy("email")}
          identity={identityFor("email", Boolean(emailResult && !emailResult.ok))}
          identityFailure={identityRefused("email")}
        />
      )}

      <PhoneCard
        phone={profile.phone}
        state={phoneResult?.phoneStep ?? { step: "start" }}
        failure={phoneRefused?.failure}
        typedPhone={phoneRefused?.typedPhone}
        busy={phoneBusy || identityBusy("phone")}
        identity={identityFor("phone", Boolean(phoneRefused))}
        identityFailure={identityRefused("phone")}
      />

      <NoticePreferencesCard
        prefs={noticesRefused?.typedNotices ?? profile.notices}
        hasPhone={Boolean(profile.phone)}
        saved={Boolean(noticesResult?.ok)}
        failure={noticesRefused?.failure}
      />

      <YourDataCard
        failure={deleteRefused?.failure}
        typedConfirmation={deleteRefused?.confirmation ?? deleteCode?.confirmation}
        deleting={deleting}
        confirmBy={profile.identityCheck.way === "password" ? "password" : { phone: profile.phone, codeSentTo: deleteCode?.codeSentTo ?? null }}
      />

      <nav aria-label={t("Support")} className="card divide-y divide-gray-100">
        <Link to="/help" className="flex items-center justify-between px-5 py-3 hover:bg-gray-50">
          {t("Help & Support")} <span aria-hidden="true">›</span>
        </Link>
        <Link to="/feedback" className="flex items-center justify-between px-5 py-3 hover:bg-gray-50">
          {t("Send Feedback")} <span aria-hidden="true">›</span>
        </Link>
        <Link to="/privacy" className="flex items-center justify-between px-5 py-3 hover:bg-gray-50">
          {t("Privacy")} <span aria-hidden="true">›</span>
        </Link>
      </nav>

      <LogoutButton
        label={t("Log Out")}
        failure={{ title: t(PROFILE_TEXTS.logoutFailed.title), text: t(PROFILE_TEXTS.logoutFailed.text) }}
        className="btn btn-outline w-full text-red-700"
      />
    </div>
  );
}
