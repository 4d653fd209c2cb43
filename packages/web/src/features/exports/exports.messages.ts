/** The `exports` namespace: the download-task centre at /generate/download-task. Status words are `common:exports.status`. */
export const en = {
  title: 'Download tasks',
  description: 'Exports of the log screens, made in the background. Each file is kept until the date shown, then removed with its task.',
  filters: {
    status: 'Status',
    account: 'Operator account',
  },
  columns: {
    log: 'Export and filter',
    status: 'Status',
    rows: 'Rows and size',
    operator: 'Operator',
    created: 'Created',
    expires: 'Kept until',
  },
  filter: {
    table: 'Table {{table}}',
    columns: '{{count}} columns',
    none: 'No conditions',
  },
  actions: {
    download: 'Download',
    cancel: 'Cancel',
    delete: 'Delete',
    cancelConfirm: 'Cancel this export?',
    deleteConfirm: 'Delete this task and its file?',
  },
  notifications: {
    cancelled: 'Export cancelled',
    deleted: 'Task deleted',
  },
  refreshing: 'Refreshing while a task runs',
};
