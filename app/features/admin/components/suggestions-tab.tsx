import { Link } from "react-router";
import { buttonClass } from "../../../components/ui/button";
import { formatDateTime } from "../../../lib/format";
import { msg, t } from "../../../lib/i18n/i18n";
import type { Paged } from "../../../lib/pagination";
import { categoryName } from "../../../lib/reference";
import type { PendingSuggestion } from "../../suggestions/list-pending-suggestions.server";
import { changedFields, fieldText, SUGGESTION_KIND_LABELS, SUGGESTION_TEXTS } from "../../suggestions/suggestion.schemas";
import { ADMIN_TEXTS } from "../admin.schemas";
import { ActionForm, PagedList, ReasonForm, resultFor, useSubmitting, type AdminActionResult } from "./admin-ui";

/**
 * The Suggestions tab (issue 34): what visitors suggested, oldest first. A missing business shows its fields and the
 * listings it may duplicate; a change shows each field as the listing has it now beside the suggested value, and
 * whether anyone owns the listing (then approving only tells the owner). Approve, or reject with a reason the visitor
 * reads.
 */
export function SuggestionsTab({ suggestions, result, loadError }: { suggestions: Paged<PendingSuggestion>; result?: AdminActionResult; loadError?: string }) {
  return (
    <section aria-labelledby="suggestions-title">
      <h2 id="suggestions-title" className="text-lg font-semibold">
        {t(SUGGESTION_TEXTS.tabTitle)}
      </h2>
      <p className="mb-3 text-sm text-gray-600">{t(SUGGESTION_TEXTS.tabIntro)}</p>
      <PagedList page={suggestions} loadError={loadError} empty={t(SUGGESTION_TEXTS.tabEmpty)} label={t("Suggestions")}>
        {(s) => <SuggestionCard key={s.id} suggestion={s} result={result} />}
      </PagedList>
    </section>
  );
}

/** What Approve does for this suggestion, as its button says. */
function approveLabel(s: PendingSuggestion): string {
  if (s.kind === "missing") return t("Approve: add the listing");
  if (s.listing && !s.listing.unclaimed) return t("Approve: send to the owner");
  return s.kind === "closed" ? t("Approve: hide the listing") : t("Approve: apply the change");
}

function SuggestionCard({ suggestion: s, result }: { suggestion: PendingSuggestion; result?: AdminActionResult }) {
  const approving = useSubmitting("suggestion-approve", s.id);
  const rejecting = useSubmitting("suggestion-reject", s.id);
  const isChange = s.kind !== "missing";
  const canApprove = !isChange || s.listing !== null;
  const title = s.kind === "missing" ? String(s.payload.name ?? "") : (s.listing?.current.name ?? null);
  const changes = changedFields(s.kind, s.payload);
  const approveResult = resultFor(result, "suggestion-approve", s.id);
  return (
    <li className="card p-4" data-suggestion={s.id}>
      <p className="text-xs font-medium uppercase text-gray-500">{t(SUGGESTION_KIND_LABELS[s.kind])}</p>
      <h3 className="break-words font-semibold">
        {s.listing ? (
          <Link to={`/businesses/${s.listing.id}`} className="py-1 hover:underline">
            {title}
          </Link>
        ) : (
          (title ?? t(SUGGESTION_TEXTS.listingGone))
        )}
      </h3>
      <p className="text-sm text-gray-600">
        {t("By {{name}} · {{approved}} approved, {{rejected}} not used before", {
          name: s.suggester.name || t(ADMIN_TEXTS.unknownUser),
          approved: s.suggester.approved,
          rejected: s.suggester.rejected,
        })}{" "}
        · {formatDateTime(s.createdAt)}
      </p>

      {s.kind === "missing" ? (
        <>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {(
              [
                [msg("Category"), categoryName(fieldText("category", s.payload.category))],
                [msg("State"), fieldText("state", s.payload.state)],
                [msg("LGA"), fieldText("lga", s.payload.lga)],
                [msg("Street address"), fieldText("address", s.payload.address)],
                [msg("Phone"), fieldText("phone", s.payload.phone)],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-gray-600">{t(label)}</dt>
                <dd className="break-words text-gray-900">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-3 text-sm">
            <p className="font-medium">{t(SUGGESTION_TEXTS.possibleDuplicates)}</p>
            {s.similar.length === 0 ? (
              <p className="text-gray-600">{t(SUGGESTION_TEXTS.noDuplicates)}</p>
            ) : (
              <ul className="mt-1 list-disc space-y-1 pl-5">
                {s.similar.map((d) => (
                  <li key={d.id}>
                    <Link to={`/businesses/${d.id}`} className="link break-words">
                      {d.name}
                    </Link>{" "}
                    <span className="text-gray-600">
                      ({[d.lga, d.state].filter(Boolean).join(", ")}; {d.reason === "phone" ? t("same phone") : t("similar name")}
                      {d.unclaimed ? `; ${t("not yet claimed")}` : ""})
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      ) : s.listing ? (
        <>
          <p className="mt-2 text-sm text-gray-700">
            {s.listing.unclaimed
              ? t("Nobody owns this listing: approving changes it.")
              : t("This listing has an owner: approving sends the suggestion to them, and we change nothing.")}
          </p>
          {s.kind === "closed" ? (
            <p className="mt-2 text-sm">{t("The visitor says it has closed.")}</p>
          ) : (
            <table className="mt-3 w-full table-fixed text-left text-sm">
              <caption className="sr-only">{t("Now and suggested")}</caption>
              <thead>
                <tr className="text-gray-600">
                  <th scope="col" className="w-1/4 py-1 pr-2 font-medium">
                    {t("Field")}
                  </th>
                  <th scope="col" className="py-1 pr-2 font-medium">
                    {t("Now")}
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    {t("Suggested")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {changes.map((c) => (
                  <tr key={c.field} className="border-t border-gray-100 align-top">
                    <th scope="row" className="py-1 pr-2 font-medium">
                      {t(c.label)}
                    </th>
                    <td className="break-words py-1 pr-2 text-gray-700">{shownField(c.field, fieldText(c.field, currentOf(s, c.field)))}</td>
                    <td className="break-words py-1 font-medium text-gray-900">{shownField(c.field, c.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : null}

      {s.note ? (
        <p className="mt-3 whitespace-pre-wrap break-words rounded-lg bg-gray-50 p-2 text-sm text-gray-900">
          <span className="font-medium">{t("Note:")} </span>
          {s.note}
        </p>
      ) : null}

      {approveResult && !approveResult.ok && approveResult.text ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {approveResult.text}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-start gap-2 border-t border-gray-100 pt-3">
        {canApprove ? (
          <ActionForm intent="suggestion-approve" targetId={s.id}>
            <button type="submit" className={buttonClass({ size: "sm" })} disabled={approving || rejecting}>
              {approving ? t("Saving…") : approveLabel(s)}
            </button>
          </ActionForm>
        ) : null}
        <div className="flex-1 has-[details[open]]:basis-full">
          <ReasonForm
            intent="suggestion-reject"
            targetId={s.id}
            summary={t("Reject")}
            label={t("Reason the visitor sees")}
            submitLabel={t("Reject suggestion")}
            required
            requiredMessage={t(SUGGESTION_TEXTS.rejectReasonRequired)}
            hint={t("The visitor is told the suggestion was not used, with this reason.")}
            result={resultFor(result, "suggestion-reject", s.id)}
            busy={rejecting}
          />
        </div>
      </div>
    </li>
  );
}

/** A field's value as shown: a category in the current language (its common local name where there is one). */
function shownField(field: string, value: string): string {
  return field === "category" ? categoryName(value) : value;
}

/**
 * The listing's value now of a field a change names. (A lookup, not a switch: the authorization matrix reads this
 * folder's `case "…":` lines as the admin actions' intents.)
 */
function currentOf(s: PendingSuggestion, field: string): unknown {
  const current = s.listing?.current;
  if (!current) return null;
  const values: Record<string, unknown> = {
    name: current.name,
    phone: current.phone,
    address: current.address,
    category: current.category,
    hours: current.hours,
    state: current.state,
    lga: current.lga,
  };
  return values[field] ?? null;
}
