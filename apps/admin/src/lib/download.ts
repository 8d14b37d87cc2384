import type { ApiErrorBody } from '@store/shared/api';
import { ADMIN_API, ApiError } from './api';
import { getToken } from './session';

/** Downloads a file the API makes (a CSV, a PDF): the staff token goes in the header, so not a plain link. */
export async function download(path: string, fallbackName: string) {
  const res = await fetch(`${ADMIN_API}${path}`, { headers: { authorization: `Token ${getToken() ?? ''}` } });
  if (!res.ok)
    throw new ApiError(
      res.status,
      ((await res.json().catch(() => null)) as ApiErrorBody | null)?.error ?? {
        code: 'internal',
        message: `The server answered ${res.status}.`,
      },
    );
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
