import { useId, type ComponentProps, type ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { PublishState } from '@store/shared/admin-content';
import { stateBadge } from '../../components/ui/badge';
import { buttonClass } from '../../components/ui/button';
import { SelectField, inputClass } from '../../components/ui/field';
import { NoticeAndSave, type Notice } from '../../components/ui/save-box';
import { Section } from '../../components/ui/page';
import { richTextClass } from '../../components/ui/rich-text-class';
import { formatDateTime } from '../../lib/format';
import { isoToLocalInput, localInputToIso } from './datetime';

/** Shared parts of the content screens (pages, blog posts, banners). */

/** Where an item stands: the content screens' states, and a product's (active, archived). */
export type ContentState = PublishState | 'live' | 'ended' | 'active' | 'archived';

/** A content item's or a product's state as a badge. */
export const StateBadge = stateBadge<ContentState>({
  draft: { label: 'Draft', tone: 'quiet' },
  scheduled: { label: 'Scheduled', tone: 'waiting' },
  published: { label: 'Published', tone: 'good' },
  live: { label: 'Live', tone: 'good' },
  ended: { label: 'Ended', tone: 'quiet' },
  active: { label: 'Active', tone: 'good' },
  archived: { label: 'Archived', tone: 'quiet' },
});

/** What a save says, by where the item stands now. */
export function savedMessage(state: PublishState, publishAt: string): string {
  if (state === 'draft') return 'Saved as a draft. Shoppers do not see it.';
  if (state === 'scheduled') return `Saved. Shoppers see it from ${formatDateTime(publishAt)} (Dhaka time).`;
  return 'Published. Shoppers see it now.';
}

/** A moment picked in this device's clock, held as ISO (null: none). */
export function DateTimeField({
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  name,
}: {
  label: string;
  value: string | null | undefined;
  onChange: (iso: string | null) => void;
  onBlur?: () => void;
  error?: string | undefined;
  hint?: ReactNode;
  name?: string;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name={name}
          type="datetime-local"
          className={inputClass}
          value={isoToLocalInput(value)}
          onChange={(event) => onChange(localInputToIso(event.target.value))}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        />
        {value ? (
          <button type="button" className={buttonClass('ghost', 'shrink-0')} aria-label={`Clear ${label}`} onClick={() => onChange(null)}>
            Clear
          </button>
        ) : null}
      </div>
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** "12 / 70 characters", red past the limit. */
export function CharacterCount({ value, max }: { value: string | null | undefined; max: number }) {
  const length = (value ?? '').length;
  return (
    <span className={length > max ? 'text-red-700' : undefined}>
      {length} / {max} characters
    </span>
  );
}

/**
 * The saved body as the storefront renders it: the API's sanitised HTML (what a draft will look
 * like once published). It is the server's answer, never the editor's unsanitised markup.
 */
export function PreviewPane({
  title,
  html,
  storeHref,
  state,
  dirty,
}: {
  title: string;
  html: string;
  storeHref: string;
  state: PublishState;
  dirty: boolean;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-lg border border-line bg-white p-4 shadow-xs sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold text-ink">
          Preview
        </h2>
        {state === 'published' ? (
          <a href={storeHref} target="_blank" rel="noopener" className={buttonClass('secondary')}>
            View on store
          </a>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-muted">
        {state === 'published'
          ? 'As shoppers see it now.'
          : `As shoppers will see it at ${storeHref} once it is published. Only staff see it until then.`}{' '}
        {dirty ? <strong className="font-semibold text-amber-800">Save to see your latest changes here.</strong> : null}
      </p>
      <article data-testid="content-preview" className="mt-4 rounded-md border border-dashed border-line p-4">
        {/* The storefront's h1, drawn but not a heading here: the screen has its own. */}
        <p className="mb-3 text-2xl font-semibold text-ink">{title}</p>
        {/* The API's sanitised body (lib/sanitize.ts), exactly what the storefront renders. */}
        <div className={richTextClass} dangerouslySetInnerHTML={{ __html: html }} />
      </article>
    </section>
  );
}

/** The statuses of pages and posts; the second publishes. */
export const CONTENT_STATUSES = [
  { value: 'draft', label: 'Draft' },
  { value: 'published', label: 'Published' },
] as const;

export type { Notice } from '../../components/ui/save-box';

/**
 * An editor's Publishing box: the status, *Publish at* (a later time schedules the item; empty: now),
 * what the last save said, and Save. `live` is the status that publishes (Published, Active).
 */
export function PublishingSection({
  status,
  statuses,
  statusField,
  statusError,
  live,
  publishAt,
  notice,
  submitting,
}: {
  status: string;
  statuses: readonly { value: string; label: string }[];
  /** The status select's registration (react-hook-form's `register('status')`). */
  statusField: ComponentProps<'select'>;
  statusError?: string | undefined;
  live: { value: string; label: string };
  /** The publish time's field as react-hook-form's `useController` gives it. */
  publishAt: {
    name: string;
    value: string | null | undefined;
    onChange: (iso: string | null) => void;
    onBlur: () => void;
    error?: string | undefined;
  };
  notice: Notice | null;
  submitting: boolean;
}) {
  return (
    <Section title="Publishing">
      <div className="space-y-4">
        <SelectField label="Status" error={statusError} {...statusField}>
          {statuses.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </SelectField>
        <DateTimeField
          label="Publish at"
          name={publishAt.name}
          value={publishAt.value}
          onChange={publishAt.onChange}
          onBlur={publishAt.onBlur}
          error={publishAt.error}
          hint={
            status === live.value
              ? 'Empty: now. A later time schedules it (your device’s clock).'
              : `Used once the status is ${live.label}.`
          }
        />
        <NoticeAndSave notice={notice} submitting={submitting} />
      </div>
    </Section>
  );
}

/** A window's start and end, each optional: when an offer applies (coupons, gift rules). */
export function WindowFields<T extends FieldValues>({ control, starts, ends }: { control: Control<T>; starts: Path<T>; ends: Path<T> }) {
  return (
    <>
      {(
        [
          [starts, 'Starts', 'Empty: now.'],
          [ends, 'Ends', 'Empty: no end.'],
        ] as const
      ).map(([name, label, hint]) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field, fieldState }) => (
            <DateTimeField
              label={label}
              name={field.name}
              value={field.value as string | null}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              hint={hint}
            />
          )}
        />
      ))}
    </>
  );
}
