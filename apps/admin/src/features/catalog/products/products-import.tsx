import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ApiErrorBody } from '@store/shared/api';
import { PRODUCT_CSV_COLUMNS, PRODUCT_CSV_MAX_BYTES, csvMessages, type ProductImportResult } from '@store/shared/admin-catalog-csv';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageHeader, Section, textLinkClass } from '../../../components/ui/page';
import { ADMIN_API, ApiError } from '../../../lib/api';
import { download } from '../../../lib/download';
import { errorMessage } from '../../../lib/forms';
import { getToken } from '../../../lib/session';

/** Sends the file as the request's body (text/csv) with XMLHttpRequest, which reports the upload's progress. */
function sendCsv(file: File, dryRun: boolean, onProgress: (percent: number) => void): Promise<ProductImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${ADMIN_API}/catalog/products/import/?dry_run=${dryRun}`);
    xhr.responseType = 'json';
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Token ${token}`);
    xhr.setRequestHeader('content-type', 'text/csv');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as { data: ProductImportResult } | ApiErrorBody | null;
      if (xhr.status === 200 && body && 'data' in body) resolve(body.data);
      else
        reject(
          new ApiError(
            xhr.status,
            body && 'error' in body ? body.error : { code: 'internal', message: `The server answered ${xhr.status}.` },
          ),
        );
    };
    xhr.onerror = () => reject(new Error('offline'));
    xhr.send(file);
  });
}

type Phase = { kind: 'idle' } | { kind: 'sending'; dryRun: boolean; percent: number } | { kind: 'done'; result: ProductImportResult };

/**
 * Products in bulk: export the range or the stock as CSV; import a CSV of products and variants,
 * first checked (nothing written), then imported whole, or refused with each wrong row's line.
 */
export function ProductsImportPage() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [problem, setProblem] = useState<string | null>(null);
  const checked = phase.kind === 'done' && phase.result.dry_run && phase.result.ok;

  async function run(dryRun: boolean) {
    if (!file) return;
    setProblem(null);
    if (file.size > PRODUCT_CSV_MAX_BYTES) {
      setProblem(csvMessages.tooBig);
      return;
    }
    setPhase({ kind: 'sending', dryRun, percent: 0 });
    try {
      const result = await sendCsv(file, dryRun, (percent) => setPhase({ kind: 'sending', dryRun, percent }));
      setPhase({ kind: 'done', result });
    } catch (error) {
      setPhase({ kind: 'idle' });
      setProblem(error instanceof Error && error.message === 'offline' ? errorMessage(null) : errorMessage(error));
    }
  }

  async function exportCsv(path: string, name: string) {
    setProblem(null);
    try {
      await download(path, name);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return (
    <div>
      <PageHeader
        title="Import and export products"
        description="Work on the range in a spreadsheet: export it, change it, check the file, then import it."
        action={
          <Link to="/catalog/products" className={textLinkClass}>
            All products
          </Link>
        }
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <Section
            title="Import a CSV"
            description="One row per variant. A product is found by its handle and a variant by its SKU: new ones are created, known ones updated with the cells that are not empty. A file with any wrong row imports nothing."
          >
            <div className="space-y-4">
              <div className="flex flex-wrap items-center gap-3">
                <input
                  ref={input}
                  id={id}
                  type="file"
                  accept=".csv,text/csv"
                  className="sr-only"
                  aria-label="CSV file: choose a file"
                  onChange={(event) => {
                    setFile(event.target.files?.[0] ?? null);
                    setPhase({ kind: 'idle' });
                    setProblem(null);
                  }}
                />
                <Button variant="secondary" onClick={() => input.current?.click()} disabled={phase.kind === 'sending'}>
                  {file ? 'Choose another file' : 'Choose a CSV file'}
                </Button>
                {file ? (
                  <span className="min-w-0 text-sm break-all text-muted" data-testid="csv-file">
                    {file.name} · {(file.size / 1024).toFixed(1)} kB
                  </span>
                ) : null}
              </div>
              <div className="flex flex-wrap gap-2">
                <Button disabled={!file || phase.kind === 'sending'} onClick={() => void run(true)}>
                  Check the file
                </Button>
                <Button variant={checked ? 'primary' : 'secondary'} disabled={!checked} onClick={() => void run(false)}>
                  Import
                </Button>
              </div>
              {phase.kind === 'sending' ? (
                <div className="space-y-1">
                  <progress
                    max={100}
                    value={phase.percent < 100 ? phase.percent : undefined}
                    aria-label={phase.dryRun ? 'Checking the file' : 'Importing'}
                    className="h-2 w-full accent-brand"
                  />
                  <p className="text-sm text-muted" aria-live="polite">
                    {phase.percent < 100 ? `Sending the file… ${phase.percent}%` : phase.dryRun ? 'Checking every row…' : 'Importing…'}
                  </p>
                </div>
              ) : null}
              {problem ? <Alert tone="error">{problem}</Alert> : null}
              {phase.kind === 'done' ? <ImportResult result={phase.result} /> : null}
            </div>
          </Section>
        </div>
        <div className="min-w-0 space-y-6">
          <Section title="Export">
            <div className="space-y-3">
              <p className="text-sm text-muted">Every product and variant in the import’s columns, or every variant’s stock and price.</p>
              <Button variant="secondary" className="w-full" onClick={() => void exportCsv('/catalog/products/export/', 'products.csv')}>
                Download products (CSV)
              </Button>
              <Button variant="secondary" className="w-full" onClick={() => void exportCsv('/catalog/inventory/export/', 'inventory.csv')}>
                Download inventory (CSV)
              </Button>
            </div>
          </Section>
          <Section title="Columns">
            <p className="text-sm break-words text-muted">
              <code className="text-xs">{PRODUCT_CSV_COLUMNS.join(', ')}</code>. Every file needs <code className="text-xs">handle</code>; a
              row with a <code className="text-xs">sku</code> is a variant, a row without one changes its product only. A new product needs
              a name and a brand (its handle), a new variant a title and a price. Prices in taka; tags separated by commas; sale as yes or
              no; department as beauty, toys, home or sport. Pictures are added in the editor.
            </p>
          </Section>
        </div>
      </div>
    </div>
  );
}

function ImportResult({ result }: { result: ProductImportResult }) {
  const counts = `${result.products_created} new and ${result.products_updated} updated products; ${result.variants_created} new and ${result.variants_updated} updated variants`;
  if (!result.ok) {
    return (
      <div className="space-y-3" data-testid="import-result">
        <Alert tone="error">
          {result.error_count === 1 ? '1 row is wrong' : `${result.error_count.toLocaleString('en-US')} rows are wrong`} in{' '}
          {result.rows.toLocaleString('en-US')}. {csvMessages.refused}
        </Alert>
        <div className="overflow-x-auto rounded-md border border-line">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Wrong rows</caption>
            <thead className="bg-neutral-50 text-xs font-semibold tracking-wide text-muted uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Line
                </th>
                <th scope="col" className="px-3 py-2">
                  Column
                </th>
                <th scope="col" className="px-3 py-2">
                  What is wrong
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {result.errors.map((e, i) => (
                <tr key={`${e.line}-${e.column}-${i}`} data-testid="import-error">
                  <td className="px-3 py-2 tabular-nums">{e.line}</td>
                  <td className="px-3 py-2 font-mono text-xs">{e.column || '—'}</td>
                  <td className="px-3 py-2">{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {result.error_count > result.errors.length ? (
          <p className="text-sm text-muted">The first {result.errors.length} are listed; fix them and check again for the rest.</p>
        ) : null}
      </div>
    );
  }
  return (
    <div data-testid="import-result">
      <Alert tone="success">
        {result.dry_run
          ? `The file is good: ${result.rows.toLocaleString('en-US')} rows, ${counts}. Nothing is written until you import it.`
          : `Imported ${result.rows.toLocaleString('en-US')} rows: ${counts}. Shoppers see active products now.`}
      </Alert>
    </div>
  );
}
