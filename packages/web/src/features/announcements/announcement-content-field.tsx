import { forwardRef, useCallback, useImperativeHandle, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { Button, Flex } from 'antd';
import { BoldOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, RedoOutlined, UndoOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CARET_END, CARET_START, type ContentEditorProps, type Handover } from './announcement-content-handover.ts';
import { contentHtml, richFragment } from './rich-text.tsx';
import './announcement-content-field.css';


interface StandInHandle {
  /** The text with the caret marks; the stand-in is not used again after. */
  takeOver(): Handover;
  /** Runs `then` now, or once an input method's composition (Chinese, Japanese ...) has ended. */
  whenIdle(then: () => void): void;
}

const loadEditor = () => import('./announcement-content-editor.tsx');

/**
 * The announcement's content field. The rich-text editor (tiptap, about 106 KB as sent) loads
 * the first time the operator focuses or presses on the field, not with the page
 * (docs/performance.md, "First visit", sixth pass). Until then a stand-in with the same frame,
 * height, placeholder and toolbar (drawn disabled) shows the content and takes what is typed;
 * once the editor is there, it gets the stand-in's text and caret, and keeps the focus.
 * An antd form control: `value` / `onChange`.
 */
export function AnnouncementContentField({ value, onChange, id }: ContentEditorProps) {
  const [editor, setEditor] = useState<{ Editor: ComponentType<ContentEditorProps & { handover?: Handover }>; handover: Handover } | null>(null);
  const standIn = useRef<StandInHandle>(null);
  const loading = useRef(false);

  const wake = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    loadEditor().then(
      (m) => {
        standIn.current?.whenIdle(() => {
          const handover = standIn.current?.takeOver() ?? { html: '', focused: false };
          // At once, in this task: a key pressed in between would land in a stand-in about to go.
          flushSync(() => setEditor({ Editor: m.AnnouncementContentEditor, handover }));
        });
      },
      () => {
        // Not downloaded (offline, a new deploy): the stand-in stays usable; the next focus tries again.
        loading.current = false;
      },
    );
  }, []);

  if (editor) return <editor.Editor value={value} onChange={onChange} id={id} handover={editor.handover} />;
  return <StandIn ref={standIn} value={value} onChange={onChange} id={id} onWake={wake} />;
}

const StandIn = forwardRef<StandInHandle, ContentEditorProps & { onWake: () => void }>(function StandIn({ value, onChange, id, onWake }, ref) {
  const { t } = useTranslation('announcements');
  const text = useRef<HTMLDivElement>(null);
  /** The last value this field reported: a different `value` comes from outside (a reset) and replaces the text. */
  const emitted = useRef<string | undefined>(undefined);
  const composing = useRef<(() => void)[] | null>(null);
  const [empty, setEmpty] = useState(!value);

  // The content is put in as DOM nodes, never as markup, before the first paint (an edited
  // announcement shows its text at once). React renders no children here, so what the operator
  // types is never overwritten by a render.
  useLayoutEffect(() => {
    const element = text.current;
    if (!element || value === emitted.current) return;
    const fragment = richFragment(value ?? '');
    // An empty field holds one empty paragraph, so the browser makes paragraphs on Enter.
    if (!fragment.hasChildNodes()) {
      const paragraph = document.createElement('p');
      paragraph.append(document.createElement('br'));
      fragment.append(paragraph);
    }
    element.replaceChildren(fragment);
    emitted.current = value;
    setEmpty(!value);
  }, [value]);

  useImperativeHandle(ref, () => ({
    takeOver() {
      const element = text.current;
      if (!element) return { html: emitted.current ?? '', focused: false };
      const selection = document.getSelection();
      const focused = document.activeElement === element;
      if (focused && selection && selection.rangeCount > 0 && element.contains(selection.getRangeAt(0).startContainer)) {
        const range = selection.getRangeAt(0);
        if (!range.collapsed) {
          const end = range.cloneRange();
          end.collapse(false);
          end.insertNode(document.createTextNode(CARET_END));
        }
        range.collapse(true);
        range.insertNode(document.createTextNode(CARET_START));
      }
      return { html: contentHtml(element), focused };
    },
    whenIdle(then) {
      if (composing.current) composing.current.push(then);
      else then();
    },
  }));

  const report = () => {
    const element = text.current;
    if (!element) return;
    const html = contentHtml(element);
    setEmpty(html === '');
    if (html === emitted.current) return;
    emitted.current = html;
    onChange?.(html);
  };

  return (
    <div className={empty ? 'gm-editor gm-editor-empty' : 'gm-editor'} onPointerDown={onWake}>
      <Flex className="gm-editor-toolbar" gap={4} wrap align="center" aria-busy="true" aria-label={t('editor.loading')}>
        <ToolButton label={t('editor.bold')} icon={<BoldOutlined />} />
        <ToolButton label={t('editor.italic')} icon={<ItalicOutlined />} />
        <ToolButton label={t('editor.bulletList')} icon={<UnorderedListOutlined />} />
        <ToolButton label={t('editor.orderedList')} icon={<OrderedListOutlined />} />
        <ToolButton label={t('editor.link')} icon={<LinkOutlined />} />
        <span className="gm-editor-divider" />
        <ToolButton label={t('editor.undo')} icon={<UndoOutlined />} />
        <ToolButton label={t('editor.redo')} icon={<RedoOutlined />} />
      </Flex>
      <div>
        <div
          ref={text}
          id={id}
          className="gm-rich-text gm-editor-content gm-editor-standin"
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-label={t('fields.content')}
          aria-multiline="true"
          data-placeholder={t('placeholders.content')}
          translate="no"
          tabIndex={0}
          onFocus={onWake}
          onInput={report}
          onCompositionStart={() => {
            composing.current = [];
          }}
          onCompositionEnd={() => {
            const waiting = composing.current ?? [];
            composing.current = null;
            report();
            for (const then of waiting) then();
          }}
          // Plain text only until the editor is there: a pasted page would bring its styles,
          // pictures and scripts' markup into the stand-in.
          onPaste={(event) => {
            event.preventDefault();
            document.execCommand('insertText', false, event.clipboardData.getData('text/plain'));
          }}
          onDrop={(event) => event.preventDefault()}
        />
      </div>
    </div>
  );
});

function ToolButton({ label, icon }: { label: string; icon: React.ReactNode }) {
  return <Button size="small" type="text" aria-label={label} icon={icon} disabled />;
}
