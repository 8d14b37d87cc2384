import { useMemo, useState } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import {
  jobMessages,
  type AdminFailedJob,
  type AdminFailedMessage,
  type AdminJobQueue,
  type AdminJobsResponse,
} from '@store/shared/admin-jobs';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { DataTable, listColumns } from '../../components/ui/data-table';
import { PageHeader, Section } from '../../components/ui/page';
import { ApiError, api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';

type JobsData = AdminJobsResponse['data'];

export async function jobsLoader({ request }: LoaderFunctionArgs): Promise<JobsData> {
  return (await api.get<AdminJobsResponse>('/jobs/', request.signal)).data;
}

/** 60 → "Every minute", 300 → "Every 5 minutes", 15 → "Every 15 seconds", 0 → "Off". */
export function everyText(seconds: number): string {
  if (seconds === 0) return 'Off';
  if (seconds % 3600 === 0) return seconds === 3600 ? 'Every hour' : `Every ${seconds / 3600} hours`;
  if (seconds % 60 === 0) return seconds === 60 ? 'Every minute' : `Every ${seconds / 60} minutes`;
  return `Every ${seconds} seconds`;
}

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** Runs a staff action on a row and says how it went; a 404 means another member got there first. */
function useRowAction() {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  async function act(key: string, call: () => Promise<unknown>, done: string) {
    setBusy(key);
    setOutcome(null);
    try {
      await call();
      setOutcome({ tone: 'success', text: done });
    } catch (error) {
      const text = error instanceof ApiError ? (error.code === 'not_found' ? jobMessages.gone : error.message) : 'Something went wrong';
      setOutcome({ tone: 'error', text });
    } finally {
      setBusy(null);
      await revalidator.revalidate();
    }
  }
  return { busy, outcome, act };
}

const failedColumn = listColumns<AdminFailedJob>();
const messageColumn = listColumns<AdminFailedMessage>();
const queueColumn = listColumns<AdminJobQueue & { id: string }>();

/** A job as staff read it, with its queue's name under it (what the logs and /metrics call it). */
function JobTitle({ label, name }: { label: string; name: string }) {
  return (
    <span>
      <span className="font-medium text-ink">{label}</span>
      <span className="block font-mono text-xs text-muted">{name}</span>
    </span>
  );
}

/** The error as the job left it, short enough for a row; the whole text on hover. */
function ErrorText({ error }: { error: string | null }) {
  if (!error) return <span className="text-muted">—</span>;
  return (
    <span title={error} className="line-clamp-3 font-mono text-xs text-red-800">
      {error}
    </span>
  );
}

/** What runs behind the shop (issue 19): failed jobs and messages with their retry, and each job's counts. */
export function JobsPage() {
  const data = useLoaderData<JobsData>();
  const { busy, outcome, act } = useRowAction();

  const failedColumns = useMemo(
    () =>
      failedColumn.columns([
        failedColumn.accessor('label', {
          header: 'Job',
          cell: ({ row }) => <JobTitle label={row.original.label} name={row.original.name} />,
        }),
        failedColumn.accessor('failed_at', {
          header: 'Failed',
          cell: ({ getValue }) => <span className="whitespace-nowrap">{formatDateTime(getValue())}</span>,
        }),
        failedColumn.accessor('attempts', { header: 'Tries' }),
        failedColumn.accessor('error', { header: 'Last error', cell: ({ getValue }) => <ErrorText error={getValue()} /> }),
        failedColumn.display({
          id: 'actions',
          header: () => <span className="sr-only">Actions</span>,
          cell: ({ row }) => {
            const job = row.original;
            return (
              <div className="flex flex-wrap gap-2">
                <Button
                  disabled={busy !== null}
                  className="whitespace-nowrap"
                  aria-label={`Run ${job.name} again`}
                  onClick={() => void act(job.id, () => api.post(`/jobs/failed/${job.id}/retry`), jobMessages.retried)}
                >
                  {busy === job.id ? 'Running…' : 'Run again'}
                </Button>
                <Button
                  variant="secondary"
                  disabled={busy !== null}
                  className="whitespace-nowrap"
                  aria-label={`Dismiss the failure of ${job.name}`}
                  onClick={() => void act(job.id, () => api.delete(`/jobs/failed/${job.id}`), jobMessages.dismissed)}
                >
                  Dismiss
                </Button>
              </div>
            );
          },
        }),
      ]),
    [busy, act],
  );

  const messageColumns = useMemo(
    () =>
      messageColumn.columns([
        messageColumn.accessor('to', {
          header: 'To',
          cell: ({ row }) => (
            <span className="whitespace-nowrap">
              <Badge tone="quiet">{row.original.channel === 'sms' ? 'SMS' : 'E-mail'}</Badge> {row.original.to}
            </span>
          ),
        }),
        messageColumn.accessor('summary', { header: 'Message' }),
        messageColumn.accessor('attempts', { header: 'Tries' }),
        messageColumn.accessor('error', { header: 'Last error', cell: ({ getValue }) => <ErrorText error={getValue()} /> }),
        messageColumn.accessor('created_at', {
          header: 'Queued',
          cell: ({ getValue }) => <span className="whitespace-nowrap">{formatDateTime(getValue())}</span>,
        }),
        messageColumn.display({
          id: 'actions',
          header: () => <span className="sr-only">Actions</span>,
          cell: ({ row }) => {
            const m = row.original;
            const key = `message-${m.id}`;
            return (
              <Button
                disabled={busy !== null}
                className="whitespace-nowrap"
                aria-label={`Send the message to ${m.to} again`}
                onClick={() => void act(key, () => api.post(`/jobs/messages/${m.id}/retry`), jobMessages.messageRetried)}
              >
                {busy === key ? 'Sending…' : 'Send again'}
              </Button>
            );
          },
        }),
      ]),
    [busy, act],
  );

  const queueColumns = useMemo(
    () =>
      queueColumn.columns([
        queueColumn.accessor('label', {
          header: 'Job',
          cell: ({ row }) => <JobTitle label={row.original.label} name={row.original.name} />,
        }),
        queueColumn.accessor('every_seconds', {
          header: 'Runs',
          cell: ({ getValue }) => <span className="whitespace-nowrap">{everyText(getValue())}</span>,
        }),
        queueColumn.accessor('queued', { header: 'Waiting' }),
        queueColumn.accessor('running', { header: 'Running' }),
        queueColumn.accessor('failed', {
          header: 'Failed lately',
          cell: ({ getValue }) => (getValue() > 0 ? <Badge tone="waiting">{getValue()}</Badge> : <span className="text-muted">0</span>),
        }),
      ]),
    [],
  );
  const queues = useMemo(() => data.queues.map((q) => ({ ...q, id: q.name })), [data.queues]);
  const countedAt = data.queues.map((q) => q.counted_at).find((c) => c !== null) ?? null;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Background jobs"
        description="What runs behind the shop. A job that failed every try, or a message given up, waits here until you run it again."
      />
      {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
      {data.workers_here ? null : (
        <Alert tone="info">This server does not run jobs itself (JOBS_WORKERS=false): the shop&apos;s other servers run them.</Alert>
      )}
      <Section
        title="Failed jobs"
        description="Each was tried several times, minutes apart. Run it again once the cause is fixed, or dismiss it: the next scheduled run happens anyway."
      >
        <DataTable columns={failedColumns} data={data.failed_jobs} caption="Failed jobs" empty="No job has failed." />
      </Section>
      <Section
        title="Messages not delivered"
        description="SMS and e-mails the gateway refused five times. One-time sign-in codes are not listed: a late code is of no use."
      >
        <DataTable
          columns={messageColumns}
          data={data.failed_messages}
          caption="Messages not delivered"
          empty="Every message was delivered or is on its way."
        />
      </Section>
      <Section
        title="Jobs"
        description={`Each runs once per interval across all the shop's servers.${countedAt ? ` Counts as of ${formatDateTime(countedAt)}.` : ''}`}
      >
        <DataTable columns={queueColumns} data={queues} caption="Jobs" empty="No jobs." />
      </Section>
    </div>
  );
}
