import { Link } from "react-router";
import { buttonClass } from "../../../components/ui/button";
import { formatDateTime } from "../../../lib/format";
import type { Paged } from "../../../lib/pagination";
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
        {SUGGESTION_TEXTS.tabTitle}
      </h2>
      <p className="mb-3 text-sm text-gray-600">{SUGGESTION_TEXTS.tabIntro}</p>
      <PagedList page={suggestions} loadError={loadError} empty={SUGGESTION_TEXTS.tabEmpty} label="Suggestions">
        {(s) => <SuggestionCard key={s.id} suggestion={s} result={result} />}
      </PagedList>
    </section>
  );
}

/** What Approve does for this suggestion, as its button says. */
function approveLabel(s: PendingSuggestion): string {
  if (s.kind === "missing") return "Approve: add the listing";
  if (s.listing && !s.listing.unclaimed) return "Approve: send to the owner";
  return s.kind === "closed" ? "Approve: hide the listing" : "Approve: apply the change";
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
      <p className="text-xs font-medium uppercase text-gray-500">{SUGGESTION_KIND_LABELS[s.kind]}</p>
      <h3 className="break-words font-semibold">
        {s.listing ? (
          <Link to={`/businesses/${s.listing.id}`} className="py-1 hover:underline">
            {title}
          </Link>
        ) : (
          (title ?? SUGGESTION_TEXTS.listingGone)
        )}
      </h3>
      <p className="text-sm text-gray-600">
        By {s.suggester.name || ADMIN_TEXTS.unknownUser} · {s.suggester.approved} approved, {s.suggester.rejected} not used before · {formatDateTime(s.createdAt)}
      </p>

      {s.kind === "missing" ? (
        <>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {(
              [
                ["Category", fieldText("category", s.payload.category)],
                ["State", fieldText("state", s.payload.state)],
                ["LGA", fieldText("lga", s.payload.lga)],
                ["Street address", fieldText("address", s.payload.address)],
                ["Phone", fieldText("phone", s.payload.phone)],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-gray-600">{label}</dt>
                <dd className="break-words text-gray-900">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-3 text-sm">
            <p className="font-medium">{SUGGESTION_TEXTS.possibleDuplicates}</p>
            {s.similar.length === 0 ? (
              <p className="text-gray-600">{SUGGESTION_TEXTS.noDuplicates}</p>
            ) : (
              <ul className="mt-1 list-disc space-y-1 pl-5">
                {s.similar.map((d) => (
                  <li key={d.id}>
                    <Link to={`/businesses/${d.id}`} className="link break-words">
                      {d.name}
                    </Link>{" "}
                    <span className="text-gray-600">
                      ({[d.lga, d.state].filter(Boolean).join(", ")}; {d.reason === "phone" ? "same phone" : "similar name"}
                      {d.unclaimed ? "; not yet claimed" : ""})
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
              ? "Nobody owns this listing: approving changes it."
              : "This listing has an owner: approving sends the suggestion to them, and we change nothing."}
          </p>
          {s.kind === "closed" ? (
            <p className="mt-2 text-sm">The visitor says it has closed.</p>
          ) : (
            <table className="mt-3 w-full table-fixed text-left text-sm">
              <caption className="sr-only">Now and suggested</caption>
              <thead>
                <tr className="text-gray-600">
                  <th scope="col" className="w-1/4 py-1 pr-2 font-medium">
                    Field
                  </th>
                  <th scope="col" className="py-1 pr-2 font-medium">
                    Now
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Suggested
                  </th>
                </tr>
              </thead>
              <tbody>
                {changes.map((c) => (
                  <tr key={c.field} className="border-t border-gray-100 align-top">
                    <th scope="row" className="py-1 pr-2 font-medium">
                      {c.label}
                    </th>
                    <td className="break-words py-1 pr-2 text-gray-700">{fieldText(c.field, currentOf(s, c.field))}</td>
                    <td className="break-words py-1 font-medium text-gray-900">{c.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : null}

      {s.note ? (
        <p className="mt-3 whitespace-pre-wrap break-words rounded-lg bg-gray-50 p-2 text-sm text-gray-900">
          <span className="font-medium">Note: </span>
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
              {approving ? "Saving…" : approveLabel(s)}
            </button>
          </ActionForm>
        ) : null}
        <div className="flex-1 has-[details[open]]:basis-full">
          <ReasonForm
            intent="suggestion-reject"
            targetId={s.id}
            summary="Reject"
            label="Reason the visitor sees"
            submitLabel="Reject suggestion"
            required
            requiredMessage={SUGGESTION_TEXTS.rejectReasonRequired}
            hint="The visitor is told the suggestion was not used, with this reason."
            result={resultFor(result, "suggestion-reject", s.id)}
            busy={rejecting}
          />
        </div>
      </div>
    </li>
  );
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
