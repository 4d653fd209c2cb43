import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button, Flex, Input, Popover, Space, Tooltip } from 'antd';
import { BoldOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, RedoOutlined, UndoOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import { CARET_END, CARET_START, type ContentEditorProps, type Handover } from './announcement-content-handover.ts';
import './announcement-content-editor.css';

/** Links in an announcement go to the web only: what the server's sanitiser keeps. */
export const isWebLink = (url: string): boolean => {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
};

/** An empty editor still holds `<p></p>`: the form counts that as no content. */
export const isEmptyHtml = (html: string | undefined | null): boolean => !html || html.replace(/<[^>]*>/g, '').trim() === '';

/** The content field as an antd form control. */
/**
 * The announcement's content as rich text (tiptap, its own chunk: loaded on the first focus of
 * the content field, which hands over its stand-in's text and caret: announcement-content-field.tsx). The strict CSP forbids the `<style>` tiptap would inject, so `injectCSS` is off and its
 * few rules live in announcement-content-editor.css. Bold, italic, lists and http/https links
 * only, as the server's sanitiser keeps (headings, code and the rest are switched off so the
 * editor cannot make what the game would not show). An antd form control: `value` / `onChange`.
 */
export function AnnouncementContentEditor({ value, onChange, id, handover }: ContentEditorProps & { handover?: Handover }) {
  const { t } = useTranslation('announcements');
  /** The last value this editor reported (or took over): a different `value` comes from outside. */
  const emitted = useRef<string | undefined>(undefined);
  /** The stand-in's own value, still in the form until the editor's first report reaches it. */
  const handedOver = useRef<string | undefined>(handover ? value : undefined);
  const editor = useEditor({
    injectCSS: false,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    extensions: [
      StarterKit.configure({
        heading: false,
        code: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: [],
          isAllowedUri: (url) => isWebLink(url),
          shouldAutoLink: (url) => isWebLink(url.includes('://') ? url : `https://${url}`),
          HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
        },
      }),
    ],
    content: handover?.html ?? value ?? '',
    editorProps: {
      attributes: {
        class: 'gm-rich-text gm-editor-content',
        'aria-label': t('fields.content'),
        role: 'textbox',
        'aria-multiline': 'true',
        'data-placeholder': t('placeholders.content'),
        ...(id ? { id } : {}),
      },
    },
    onUpdate: ({ editor: changed }) => {
      const html = changed.isEmpty ? '' : changed.getHTML();
      emitted.current = html;
      onChange?.(html);
    },
  });
  const empty = useEditorState({ editor, selector: ({ editor: e }) => e.isEmpty });

  // The stand-in's text arrived with the caret marks: take them out (not an undo step), put the
  // selection where they were, and keep the focus where the operator was typing.
  useLayoutEffect(() => {
    if (!handover) return;
    const marks: { mark: string; pos: number }[] = [];
    editor.state.doc.descendants((node, pos) => {
      if (!node.isText || !node.text) return;
      for (const mark of [CARET_START, CARET_END]) {
        const at = node.text.indexOf(mark);
        if (at >= 0) marks.push({ mark, pos: pos + at });
      }
    });
    const start = marks.find((m) => m.mark === CARET_START)?.pos;
    const end = marks.find((m) => m.mark === CARET_END)?.pos;
    editor
      .chain()
      .setMeta('addToHistory', false)
      .command(({ tr }) => {
        for (const { pos } of [...marks].sort((a, b) => b.pos - a.pos)) tr.delete(pos, pos + 1);
        return true;
      })
      .run();
    if (start !== undefined) editor.commands.setTextSelection(end === undefined ? start : { from: Math.min(start, end), to: Math.max(start, end) - 1 });
    if (handover.focused) editor.view.focus();
    const html = editor.isEmpty ? '' : editor.getHTML();
    emitted.current = html;
    if (html !== value) onChange?.(html);
    // Once, when the editor takes over from the stand-in (`editor` is made once).
  }, [editor]);

  // A value set from outside (a form reset, a template) replaces the text.
  useEffect(() => {
    if (value === undefined || value === emitted.current || value === handedOver.current) return;
    handedOver.current = undefined;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value || '', { emitUpdate: false });
    emitted.current = value;
  }, [editor, value]);

  return (
    <div className={empty ? 'gm-editor gm-editor-empty' : 'gm-editor'}>
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation('announcements');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const button = (key: string, label: string, icon: React.ReactNode, active: boolean, run: () => void, disabled = false) => (
    <Tooltip title={label} key={key}>
      <Button size="small" type={active ? 'primary' : 'text'} aria-label={label} aria-pressed={active} icon={icon} disabled={disabled} onClick={run} />
    </Tooltip>
  );
  return (
    <Flex className="gm-editor-toolbar" gap={4} wrap align="center">
      {button('bold', t('editor.bold'), <BoldOutlined />, state.bold, () => editor.chain().focus().toggleBold().run())}
      {button('italic', t('editor.italic'), <ItalicOutlined />, state.italic, () => editor.chain().focus().toggleItalic().run())}
      {button('bullet', t('editor.bulletList'), <UnorderedListOutlined />, state.bullet, () => editor.chain().focus().toggleBulletList().run())}
      {button('ordered', t('editor.orderedList'), <OrderedListOutlined />, state.ordered, () => editor.chain().focus().toggleOrderedList().run())}
      <LinkButton editor={editor} active={state.link} />
      <span className="gm-editor-divider" />
      {button('undo', t('editor.undo'), <UndoOutlined />, false, () => editor.chain().focus().undo().run(), !state.canUndo)}
      {button('redo', t('editor.redo'), <RedoOutlined />, false, () => editor.chain().focus().redo().run(), !state.canRedo)}
    </Flex>
  );
}

/** The link of the selection: http or https only (the spec's "enter redirect link" rule for content links too). */
function LinkButton({ editor, active }: { editor: Editor; active: boolean }) {
  const { t } = useTranslation('announcements');
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const [error, setError] = useState<string | null>(null);

  const openWith = (next: boolean) => {
    if (next) {
      setHref((editor.getAttributes('link').href as string | undefined) ?? '');
      setError(null);
    }
    setOpen(next);
  };
  const apply = () => {
    const url = href.trim();
    if (!isWebLink(url)) {
      setError(t('editor.linkInvalid'));
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    setOpen(false);
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    setOpen(false);
  };

  return (
    <Popover
      open={open}
      onOpenChange={openWith}
      trigger="click"
      title={t('editor.link')}
      content={
        <Space direction="vertical" style={{ width: 300 }}>
          <Input
            autoFocus
            value={href}
            status={error ? 'error' : undefined}
            aria-label={t('editor.linkUrl')}
            placeholder="https://"
            onChange={(e) => {
              setHref(e.target.value);
              setError(null);
            }}
            onPressEnter={apply}
          />
          {error ? <span className="gm-editor-error">{error}</span> : null}
          <Space>
            <Button type="primary" size="small" onClick={apply}>
              {t('editor.applyLink')}
            </Button>
            {active ? (
              <Button size="small" danger onClick={remove}>
                {t('editor.removeLink')}
              </Button>
            ) : null}
          </Space>
        </Space>
      }
    >
      <Tooltip title={t('editor.link')}>
        <Button size="small" type={active ? 'primary' : 'text'} aria-label={t('editor.link')} aria-pressed={active} icon={<LinkOutlined />} />
      </Tooltip>
    </Popover>
  );
}
