/** The `logs` namespace: the fifteen /flow lists and the custom table query. Column labels come from the contract's catalogue. */
export const en = {
  list: {
    description: 'Newest first. Choose a time range (start included, end excluded) and any conditions, then Search.',
    idle: 'Set the time range and any conditions, then Search.',
    invalid: 'The filter in this link breaks a rule (shown above). Correct it, then Search.',
    total: '{{total}} rows',
    totalMore: 'More than {{total}} rows',
    events: 'Events:',
  },
  columns: {
    button: 'Columns',
    title: 'Columns shown',
    reset: 'Default columns',
    all: 'All',
  },
  pager: {
    first: 'First page',
    previous: 'Previous',
    next: 'Next',
    page: 'Page {{page}}',
    size: '{{size}} / page',
    noTrail: 'Opened from a link: go back through First page.',
  },
  values: {
    permanent: 'Permanent',
    more: '+{{count}}',
    details: 'Details',
  },
  custom: {
    description: 'Rows of one log table, newest first, by offset and limit.',
    table: { label: 'Table', placeholder: 'Choose a table' },
    offset: { label: 'Offset' },
    limit: { label: 'Limit', help: 'At most {{maximum}} rows per query.' },
    columns: { label: 'Columns', placeholder: 'Every column' },
    capped: 'The limit was capped at {{limit}} rows.',
    shown: 'Rows {{from}}–{{to}}',
    none: 'No rows.',
    previous: 'Previous {{limit}}',
    next: 'Next {{limit}}',
    exportHint: 'Every row of the table in the time range (offset and limit do not apply) to an Excel file, made in the background. Needs a time range.',
  },
};
