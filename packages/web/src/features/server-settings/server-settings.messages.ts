/** The `serverSettings` namespace: /server/setting. */
export const en = {
  title: 'Server settings',
  description: 'Typed settings of the game server. Every change is kept with who made it and the value before and after.',
  types: { string: 'Text', integer: 'Integer', number: 'Number', boolean: 'On / off', json: 'JSON' },
  on: 'On',
  off: 'Off',
  filters: { keyword: 'Key, value or description', type: 'Type' },
  columns: { key: 'Key', type: 'Type', value: 'Value', description: 'Description', updated: 'Last change' },
  fields: {
    key: { label: 'Key', placeholder: 'e.g. login.queueThreshold', help: 'Letters, digits, dots, dashes or underscores. Cannot be changed later.' },
    type: { label: 'Type' },
    value: { label: 'Value' },
    description: { label: 'Description', placeholder: 'What the game does with it' },
  },
  actions: { add: 'Add setting', edit: 'Edit', history: 'History', delete: 'Delete', batchDelete: 'Delete selected' },
  dialogs: { create: 'Add server setting', edit: 'Change {{key}}', typeChange: 'Changing the type clears the value.' },
  history: {
    title: 'History of {{key}}',
    empty: 'No changes recorded.',
    before: 'Before',
    after: 'After',
    created: 'Created',
    deleted: 'Deleted',
  },
  confirm: {
    delete: 'Delete {{count}} settings?',
    deleteOne: 'Delete {{key}}?',
    deleteContent: 'The game falls back to its built-in defaults: {{names}}',
  },
  notifications: { created: '{{key}} added', updated: '{{key}} saved', deleted: '{{count}} deleted' },
};
