import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Button } from './button';
import { inputClass } from './field';
import { richTextClass } from './rich-text-class';

/** Only what the storefront keeps: no code, quotes, rules, strike or underline (the API would drop them). */
const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    blockquote: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    link: { openOnClick: false, autolink: true, protocols: ['https', 'mailto', 'tel'], defaultProtocol: 'https' },
  }),
];

type Tool = { label: string; text: ReactNode; active: boolean; disabled?: boolean; run: () => void };

function ToolButton({ label, text, active, disabled, run }: Tool) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      disabled={disabled}
      // Keeps the editor's selection: the click must not move the focus before the command runs.
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
      className="inline-flex size-10 shrink-0 items-center justify-center rounded text-sm font-semibold text-ink hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-brand disabled:text-neutral-300 aria-pressed:bg-brand-soft aria-pressed:text-brand-dark"
    >
      {text}
    </button>
  );
}

/** A link typed in place (no browser prompt): its address, Apply, Remove. */
function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const id = useId();
  const [href, setHref] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const apply = () => {
    const value = href.trim();
    if (value === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      onDone();
      return;
    }
    if (!/^(\/(?!\/)|https:\/\/|mailto:|tel:)/.test(value)) {
      setProblem('Start with / (a page of this shop), https://, mailto: or tel:');
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: value }).run();
    onDone();
  };
  return (
    <div className="flex flex-wrap items-end gap-2 border-b border-line bg-neutral-50 p-2">
      <div className="min-w-0 flex-1 basis-56">
        <label htmlFor={id} className="block text-xs font-medium text-ink">
          Link address
        </label>
        <input
          id={id}
          className={inputClass}
          value={href}
          placeholder="/page/about-us or https://…"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          autoFocus
          onChange={(event) => setHref(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
            if (event.key === 'Escape') {
              event.preventDefault();
              onDone();
            }
          }}
        />
        {problem ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {problem}
          </p>
        ) : null}
      </div>
      <Button variant="secondary" onClick={apply}>
        Apply
      </Button>
      {editor.isActive('link') ? (
        <Button
          variant="ghost"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onDone();
          }}
        >
          Remove link
        </Button>
      ) : null}
      <Button variant="ghost" onClick={onDone}>
        Cancel
      </Button>
    </div>
  );
}

export type RichTextEditorProps = {
  label: string;
  /** The HTML now held by the form. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  hint?: ReactNode;
};

/**
 * Rich text (Tiptap): a toolbar of bold, italic, H2, H3, lists, link, undo and redo above an
 * editable area labelled for screen readers. It produces HTML; the API sanitises it again, so the
 * browser is never trusted with what the storefront shows.
 */
export function RichTextEditor({ label, value, onChange, onBlur, error, hint }: RichTextEditorProps) {
  const id = useId();
  const [linking, setLinking] = useState(false);
  const editor = useEditor({
    extensions,
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : hint ? { 'aria-describedby': `${id}-hint` } : {}),
        class: `min-h-48 px-3 py-2 outline-none ${richTextClass}`,
      },
    },
    // An empty document is '' for the form, not '<p></p>'.
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    onBlur: () => onBlur?.(),
  });

  // A value set from outside (the form reset to the saved answer) replaces the content.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  const chain = () => editor.chain().focus();
  const tools: Tool[] = [
    { label: 'Bold', text: <b>B</b>, active: state.bold, run: () => chain().toggleBold().run() },
    { label: 'Italic', text: <i className="font-serif">I</i>, active: state.italic, run: () => chain().toggleItalic().run() },
    { label: 'Heading 2', text: 'H2', active: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { label: 'Heading 3', text: 'H3', active: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { label: 'Bulleted list', text: <ListGlyph />, active: state.bullet, run: () => chain().toggleBulletList().run() },
    {
      label: 'Numbered list',
      text: <span className="text-xs">1.</span>,
      active: state.ordered,
      run: () => chain().toggleOrderedList().run(),
    },
    { label: 'Link', text: <LinkGlyph />, active: state.link || linking, run: () => setLinking((on) => !on) },
    { label: 'Undo', text: <span aria-hidden="true">↶</span>, active: false, disabled: !state.canUndo, run: () => chain().undo().run() },
    { label: 'Redo', text: <span aria-hidden="true">↷</span>, active: false, disabled: !state.canRedo, run: () => chain().redo().run() },
  ];

  return (
    <div className="space-y-1">
      <p id={`${id}-label`} className="text-sm font-medium text-ink">
        {label}
      </p>
      <div
        className={`overflow-hidden rounded-md border bg-white shadow-xs focus-within:border-brand focus-within:ring-2 focus-within:ring-brand/20 ${
          error ? 'border-red-600' : 'border-neutral-300'
        }`}
      >
        <div role="toolbar" aria-label={`${label}: formatting`} className="flex flex-wrap gap-0.5 border-b border-line bg-neutral-50 p-1">
          {tools.map((tool) => (
            <ToolButton key={tool.label} {...tool} />
          ))}
        </div>
        {linking ? <LinkForm editor={editor} onDone={() => setLinking(false)} /> : null}
        <EditorContent editor={editor} />
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

function ListGlyph() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M9 6h11M9 12h11M9 18h11" />
      <circle cx="4.5" cy="6" r="1" fill="currentColor" />
      <circle cx="4.5" cy="12" r="1" fill="currentColor" />
      <circle cx="4.5" cy="18" r="1" fill="currentColor" />
    </svg>
  );
}

function LinkGlyph() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
    </svg>
  );
}
