/** The `gmLog` namespace: the audit list at /sysinfo/show_gm_log. */
export const en = {
  title: 'GM operation log',
  description: 'Every change made through the console and every refused call, by every operator.',
  filters: {
    operator: { label: 'Operator', placeholder: 'Account or name' },
    code: { label: 'Permission code', placeholder: 'Any code' },
    target: { label: 'Target', placeholder: 'Id of the changed object' },
    outcome: { label: 'Outcome', placeholder: 'Any outcome' },
    time: { label: 'Time' },
  },
  columns: {
    stamp: 'Time',
    operator: 'Operator',
    action: 'Operation',
    code: 'Code',
    targets: 'Targets',
    log: 'Description',
    outcome: 'Outcome',
    ip: 'IP',
  },
  detail: {
    params: 'Parameters',
    before: 'Before',
    after: 'After',
    errorCode: 'Error code',
    noValue: 'Nothing recorded',
  },
};
