/**
 * What the content field's stand-in (announcement-content-field.tsx) and the rich-text editor it
 * loads (announcement-content-editor.tsx) share: the field's props and the handover between them.
 * A module of its own so that neither imports the other (the field loads the editor lazily).
 */

export interface ContentEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
}

/**
 * Where the caret (or the selection's two ends) was in the stand-in: characters the editor's
 * text cannot hold otherwise (Unicode private use), put into the text handed over and taken out
 * by the editor, which puts its selection there.
 */
export const CARET_START = '\uE000';
export const CARET_END = '\uE001';

/** What the stand-in hands the editor: its text (with the caret marks) and whether it had the focus. */
export interface Handover {
  html: string;
  focused: boolean;
}
