import { Form, Link, redirect, useActionData } from "react-router";
import type { Route } from "./+types/business-prices";
import { requireUser } from "~/features/accounts/guards.server";
import { Alert, FailureAlert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { getPriceList, type OwnPriceItem } from "~/features/listings/get-price-list.server";
import { addPriceItem } from "~/features/listings/add-price-item.server";
import { movePriceItem } from "~/features/listings/move-price-item.server";
import { removePriceItem } from "~/features/listings/remove-price-item.server";
import { savePriceItem } from "~/features/listings/save-price-item.server";
import { PRICE_LIST_LIMITS, PRICE_LIST_TEXTS, priceText, typedNaira } from "~/features/listings/price-list.schemas";
import { appErrorCode, type Failure } from "~/lib/app-error";
import { failureData, throwRouteError } from "~/lib/error-responses.server";
import { formText } from "~/lib/form-fields";
import { t } from "~/lib/i18n/i18n";

export const meta: Route.MetaFunction = () => [{ title: `${t(PRICE_LIST_TEXTS.title)} – Naija Directory` }, { name: "robots", content: "noindex" }];

const NOTICES = {
  saved: PRICE_LIST_TEXTS.saved,
  review: PRICE_LIST_TEXTS.savedForReview,
  moved: PRICE_LIST_TEXTS.moved,
  added: PRICE_LIST_TEXTS.added,
  "added-review": PRICE_LIST_TEXTS.addedForReview,
  removed: PRICE_LIST_TEXTS.removed,
  "removed-review": PRICE_LIST_TEXTS.removedForReview,
} as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, ["business"]);
  try {
    const notice = new URL(request.url).searchParams.get("notice");
    return { list: await getPriceList(user, params.id), notice: notice && notice in NOTICES ? t(NOTICES[notice as keyof typeof NOTICES]) : null };
  } catch (error) {
    // Another owner's listing, or none: back to the dashboard with the spec's toast.
    if (appErrorCode(error) === "not-found") throw redirect("/dashboard?notice=not-found");
    throwRouteError(error);
  }
}

/** One item's form as typed. */
type Typed = { name: string; group: string; kind: string; price: string; description: string };

/** intent=save (one item's details), move (one place up or down), add (a new item's name) or remove; each back to the list. */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, ["business"]);
  const form = await request.formData();
  const text = (name: string) => formText(form, name);
  const back = (notice: keyof typeof NOTICES, at: string) => redirect(`/business/prices/${params.id}?notice=${notice}#${at}`);
  try {
    if (text("intent") === "add") {
      const newItem = text("newItem").slice(0, 200);
      try {
        const added = await addPriceItem(user, params.id, { name: newItem });
        return back(added.status === "sent-for-review" ? "added-review" : "added", "price-list");
      } catch (error) {
        if (appErrorCode(error) === "not-found") throw error;
        return failureData(error, { fallback: { title: PRICE_LIST_TEXTS.title, text: PRICE_LIST_TEXTS.saveFailed }, keep: { newItem } });
      }
    }
    if (text("intent") === "remove") {
      const removed = await removePriceItem(user, params.id, { name: text("item") });
      return back(removed.status === "sent-for-review" ? "removed-review" : "removed", "price-list");
    }
    if (text("intent") === "move") {
      const direction = text("direction") === "up" ? "up" : "down";
      await movePriceItem(user, params.id, { name: text("item"), direction });
      return back("moved", "price-list");
    }
    const typed: Typed = {
      name: text("item").slice(0, 200),
      group: text("group").slice(0, 500),
      kind: text("kind").slice(0, 20),
      price: text("price").slice(0, 100),
      description: text("description").slice(0, 2000),
    };
    const photo = form.get("photo");
    try {
      const saved = await savePriceItem(user, params.id, typed, { file: photo instanceof File ? photo : null, remove: text("removePhoto") === "on" });
      return back(saved.status === "sent-for-review" ? "review" : "saved", "price-list");
    } catch (error) {
      if (appErrorCode(error) === "not-found") throw error;
      return failureData(error, { fallback: { title: PRICE_LIST_TEXTS.title, text: PRICE_LIST_TEXTS.saveFailed }, keep: { typed } });
    }
  } catch (error) {
    if (appErrorCode(error) === "not-found") throw redirect("/dashboard?notice=not-found");
    return failureData(error, { fallback: { title: PRICE_LIST_TEXTS.title, text: PRICE_LIST_TEXTS.saveFailed } });
  }
}

export default function BusinessPrices({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const { list, notice } = loaderData;
  const typed = answer && "typed" in answer ? (answer.typed as Typed) : undefined;
  const newItem = answer && "newItem" in answer ? String(answer.newItem) : undefined;
  const failure = answer && !answer.ok ? answer.failure : undefined;
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 px-4 py-8">
      <Link to="/dashboard" className="text-sm font-medium text-brand-700 hover:underline">
        ← {t("Back to Dashboard")}
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t(PRICE_LIST_TEXTS.title)}</h1>
        <p className="text-gray-700">{list.name}</p>
      </div>
      <p className="text-sm text-gray-700">{t(PRICE_LIST_TEXTS.intro)}</p>
      <p className="text-sm text-gray-700">
        {t(PRICE_LIST_TEXTS.namesHint)}{" "}
        <Link to={`/business/edit/${list.id}`} className="link">
          {t(PRICE_LIST_TEXTS.editProducts)}
        </Link>
      </p>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {failure && !typed && newItem === undefined ? <FailureAlert failure={failure} /> : null}
      {list.items.length === 0 ? <p className="text-gray-700">{t(PRICE_LIST_TEXTS.noItems)}</p> : null}
      <datalist id="price-groups">
        {list.groups.map((group) => (
          <option key={group} value={group} />
        ))}
      </datalist>
      <ol id="price-list" className="space-y-4">
        {list.items.map((item, i) => (
          <ItemForm
            key={item.name}
            item={item}
            index={i}
            last={i === list.items.length - 1}
            typed={typed?.name === item.name ? typed : undefined}
            failure={typed?.name === item.name ? failure : undefined}
          />
        ))}
      </ol>
      <Form method="post" className="card space-y-3 p-4" aria-label={t(PRICE_LIST_TEXTS.addItem)}>
        <input type="hidden" name="intent" value="add" />
        <TextField
          label={t(PRICE_LIST_TEXTS.newItem)}
          name="newItem"
          maxLength={80}
          defaultValue={newItem ?? ""}
          error={newItem !== undefined ? (failure?.fields?.newItem ?? failure?.text) : undefined}
        />
        <button type="submit" className={buttonClass({ variant: "outline", size: "sm" })}>
          {t(PRICE_LIST_TEXTS.addItem)}
        </button>
      </Form>
    </div>
  );
}

/** One item: its details form, and Move up / Move down (each a form of its own: works without JavaScript). */
function ItemForm({ item, index, last, typed, failure }: { item: OwnPriceItem; index: number; last: boolean; typed?: Typed; failure?: Failure }) {
  const values: Typed = typed ?? {
    name: item.name,
    group: item.groupName ?? "",
    kind: item.priceKind ?? "none",
    price: typedNaira(item.priceKobo),
    description: item.pendingDescription ?? item.description ?? "",
  };
  const errors = failure?.fields ?? {};
  const price = priceText(item);
  return (
    <li id={`item-${index + 1}`} className="card space-y-3 p-4" data-price-item={item.name}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-lg font-semibold break-words">{item.name}</h2>
        <span className="text-sm text-gray-700">{price ?? t(PRICE_LIST_TEXTS.askForPrice)}</span>
      </div>
      {item.nameWaiting ? <p className="text-sm text-amber-800">{t(PRICE_LIST_TEXTS.waitingName)}</p> : null}
      {failure ? <FailureAlert failure={failure} /> : null}
      <Form method="post" encType="multipart/form-data" className="space-y-3" aria-label={item.name}>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="item" value={item.name} />
        <TextField
          label={t(PRICE_LIST_TEXTS.group)}
          name="group"
          defaultValue={values.group}
          maxLength={PRICE_LIST_LIMITS.groupMax}
          list="price-groups"
          hint={t(PRICE_LIST_TEXTS.groupHint)}
          error={errors.group}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label={t(PRICE_LIST_TEXTS.priceKind)}
            name="kind"
            defaultValue={values.kind}
            options={[
              { value: "none", label: t(PRICE_LIST_TEXTS.kindNone) },
              { value: "exact", label: t(PRICE_LIST_TEXTS.kindExact) },
              { value: "from", label: t(PRICE_LIST_TEXTS.kindFrom) },
            ]}
            error={errors.kind}
          />
          <TextField label={t(PRICE_LIST_TEXTS.price)} name="price" inputMode="decimal" defaultValue={values.price} error={errors.price} />
        </div>
        <TextAreaField
          label={t(PRICE_LIST_TEXTS.description)}
          name="description"
          rows={2}
          maxLength={PRICE_LIST_LIMITS.descriptionMax}
          defaultValue={values.description}
          error={errors.description}
          hint={item.pendingDescription && !typed ? t(PRICE_LIST_TEXTS.waitingDescription) : undefined}
        />
        <div className="flex items-start gap-3">
          {item.image ? <img src={item.image.src} alt={item.name} width={64} height={64} loading="lazy" className="h-16 w-16 shrink-0 rounded-lg object-cover" /> : null}
          <div className="min-w-0 flex-1 space-y-2">
            <TextField label={t(PRICE_LIST_TEXTS.photo)} name="photo" type="file" accept="image/jpeg,image/png,image/webp" hint={t(PRICE_LIST_TEXTS.photoHint)} error={errors.photo} />
            {item.image ? (
              <label className="flex items-center gap-2 text-sm text-gray-700">
                <input type="checkbox" name="removePhoto" className="h-4 w-4" /> {t(PRICE_LIST_TEXTS.removePhoto)}
              </label>
            ) : null}
          </div>
        </div>
        <button type="submit" className={buttonClass({ size: "sm" })}>
          {t(PRICE_LIST_TEXTS.save)}
        </button>
      </Form>
      <div className="flex flex-wrap gap-2 border-t border-gray-100 pt-3">
        {index > 0 ? <MoveForm name={item.name} direction="up" /> : null}
        {!last ? <MoveForm name={item.name} direction="down" /> : null}
        {index > 0 || !last ? (
          <Form method="post" className="ml-auto">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="item" value={item.name} />
            <button type="submit" className={buttonClass({ variant: "danger", size: "sm" })} aria-label={`${t(PRICE_LIST_TEXTS.removeItem)}: ${item.name}`}>
              {t(PRICE_LIST_TEXTS.removeItem)}
            </button>
          </Form>
        ) : null}
      </div>
    </li>
  );
}

function MoveForm({ name, direction }: { name: string; direction: "up" | "down" }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="item" value={name} />
      <input type="hidden" name="direction" value={direction} />
      <button type="submit" className={buttonClass({ variant: "outline", size: "sm" })} aria-label={`${t(direction === "up" ? PRICE_LIST_TEXTS.moveUp : PRICE_LIST_TEXTS.moveDown)}: ${name}`}>
        {t(direction === "up" ? PRICE_LIST_TEXTS.moveUp : PRICE_LIST_TEXTS.moveDown)}
      </button>
    </Form>
  );
}
