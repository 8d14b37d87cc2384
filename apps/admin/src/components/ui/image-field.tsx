import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import type { ApiErrorBody } from '@store/shared/api';
import type { ProductImage } from '@store/shared/catalog';
import { MEDIA_ALT_MAX, MEDIA_MAX_BYTES, mediaMessages } from '@store/shared/media';
import { ADMIN_API, ApiError } from '../../lib/api';
import { OFFLINE_MESSAGE } from '../../lib/forms';
import { getToken } from '../../lib/session';
import { Button } from './button';
import { inputClass } from './field';

/** The types the picker offers; the API checks the bytes whatever the browser says. */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

/**
 * Sends one picture to POST /api/v1/admin/media/ with XMLHttpRequest (fetch cannot report upload
 * progress): the alt text first, then the file, the staff token in the header.
 */
export function uploadImage(file: File, alt: string, onProgress: (percent: number) => void): Promise<ProductImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${ADMIN_API}/media/`);
    xhr.responseType = 'json';
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Token ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as { data: ProductImage } | ApiErrorBody | null;
      if (xhr.status >= 200 && xhr.status < 300 && body && 'data' in body) resolve(body.data);
      else
        reject(
          new ApiError(
            xhr.status,
            body && 'error' in body ? body.error : { code: 'internal', message: `The server answered ${xhr.status}.` },
          ),
        );
    };
    xhr.onerror = () => reject(new Error('offline'));
    const form = new FormData();
    form.append('alt', alt);
    form.append('file', file);
    xhr.send(form);
  });
}

/** What the field says about a failed upload: the API's message for the file, or its own. */
function uploadMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return OFFLINE_MESSAGE;
  if (error.code === 'login_required') return 'Your session has ended: sign in again, then upload the picture.';
  return error.fields.file ?? error.fields.alt ?? error.message;
}

export type ImageFieldProps = {
  label: string;
  /** The URL of the picture now chosen (shown as the preview), or null. */
  value: string | null;
  /** A picture was uploaded (the API's image, three sizes), or removed (null). */
  onChange: (image: ProductImage | null) => void;
  /** The form's message for this field (the API's, after a save). */
  error?: string | undefined;
  hint?: ReactNode;
  /** With these, the field asks for alt text too and sends it with the upload. */
  alt?: string;
  onAltChange?: (alt: string) => void;
};

/**
 * A picture in a form: pick or drop a file, watch it upload, see it, give it alt text, remove it.
 * The file is checked here for size only; the API checks its type by its bytes and its dimensions
 * and its message shows under the field.
 */
export function ImageField({ label, value, onChange, error, hint, alt, onAltChange }: ImageFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const message = problem ?? error;
  const uploading = progress !== null;

  async function send(file: File | undefined) {
    if (!file || uploading) return;
    setProblem(null);
    if (file.size > MEDIA_MAX_BYTES) {
      setProblem(mediaMessages.tooLarge);
      return;
    }
    setProgress(0);
    try {
      onChange(await uploadImage(file, alt ?? '', setProgress));
    } catch (err) {
      setProblem(uploadMessage(err));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void send(event.dataTransfer.files[0]);
  };

  return (
    <div className="space-y-2" role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="text-sm font-medium text-ink">
        {label}
      </p>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        aria-invalid={message ? true : undefined}
        className={`flex flex-col gap-3 rounded-md border-2 border-dashed p-3 sm:flex-row sm:items-center ${
          dragging ? 'border-brand bg-brand-soft' : message ? 'border-red-600' : 'border-neutral-300'
        }`}
      >
        <div
          className="flex h-24 w-full shrink-0 items-center justify-center overflow-hidden rounded bg-[repeating-conic-gradient(#f1f1f1_0_25%,#ffffff_0_50%)] bg-[length:16px_16px] sm:w-48"
          data-testid="image-preview"
        >
          {value ? (
            <img src={value} alt={alt || `${label} preview`} className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="px-2 text-center text-xs text-muted">No picture</span>
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          {uploading ? (
            <div className="space-y-1">
              <progress max={100} value={progress} aria-label={`Uploading ${label}`} className="h-2 w-full accent-brand" />
              <p className="text-xs text-muted" aria-live="polite">
                Uploading… {progress}%
              </p>
            </div>
          ) : (
            <p className="text-xs text-muted">
              Drop a picture here, or choose one. JPEG, PNG, WebP or AVIF, up to 8 MB, at least 200×200 pixels.
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" disabled={uploading} onClick={() => input.current?.click()}>
              {value ? 'Replace picture' : 'Choose picture'}
            </Button>
            {value ? (
              <Button
                variant="ghost"
                disabled={uploading}
                onClick={() => {
                  setProblem(null);
                  onChange(null);
                }}
              >
                Remove
              </Button>
            ) : null}
          </div>
          <input
            ref={input}
            id={id}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            aria-label={`${label}: choose a file`}
            aria-describedby={message ? `${id}-error` : undefined}
            onChange={(event) => void send(event.target.files?.[0])}
          />
        </div>
      </div>
      {onAltChange ? (
        <div className="space-y-1">
          <label htmlFor={`${id}-alt`} className="block text-sm font-medium text-ink">
            Alt text
          </label>
          <input
            id={`${id}-alt`}
            className={inputClass}
            maxLength={MEDIA_ALT_MAX}
            value={alt ?? ''}
            onChange={(event) => onAltChange(event.target.value)}
          />
        </div>
      ) : null}
      {hint && !message ? <p className="text-xs text-muted">{hint}</p> : null}
      {message ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </div>
  );
}
