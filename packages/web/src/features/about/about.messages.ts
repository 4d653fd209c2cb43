/** The `about` namespace. */
export const en = {
  title: 'About',
  description: 'What this console is, which version is running and how it is doing.',
  product: {
    title: 'Product',
    name: 'Product',
    serverVersion: 'Server version',
    webBuild: 'Web build',
    timeZone: 'Display time zone',
    language: 'Language',
  },
  protocol: {
    title: 'Game protocol',
    game: 'Game',
    gameId: 'Game id',
    version: 'Protocol version',
    agreements: 'Client agreements',
    agreementVersion: 'Version {{version}}',
    empty: 'No agreements configured.',
  },
};
