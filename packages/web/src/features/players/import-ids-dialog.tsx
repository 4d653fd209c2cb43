import type { ImportKind } from '@gm/contract/players.contract.ts';
import { ImportIdsDialog as SharedImportIdsDialog } from '../../shared/import-ids-dialog.tsx';
import { useImportIds } from './players.queries.ts';

/** Role or account ids from Excel for the batch actions of the player and account lists. */
export function ImportIdsDialog({ kind, open, onClose, onUse }: { kind: ImportKind; open: boolean; onClose: () => void; onUse: (ids: string[]) => void }) {
  const importIds = useImportIds();
  const importer = { isPending: importIds.isPending, mutate: (file: File, callbacks: Parameters<typeof importIds.mutate>[1]) => importIds.mutate({ file, kind }, callbacks) };
  return <SharedImportIdsDialog ns="players" importer={importer} open={open} onClose={onClose} onUse={onUse} />;
}
