import { ImportIdsDialog } from '../../shared/import-ids-dialog.tsx';
import { useImportRoleIds } from './mails.queries.ts';

/** A private mail's role ids from Excel, read by the same reader the player screens import with. */
export function MailImportDialog({ open, onClose, onUse }: { open: boolean; onClose: () => void; onUse: (ids: string[]) => void }) {
  return <ImportIdsDialog ns="mails" importer={useImportRoleIds()} open={open} onClose={onClose} onUse={onUse} />;
}
