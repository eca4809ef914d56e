/** The share code entry's events for path generation. */
export const shareEntryEvents = [
  { type: 'TYPE', text: 'https://film.example.cn/shareCode?code=K7WPQ2MX  访问码 4821' },
  { type: 'GO', found: { code: 'K7WPQ2MX', accessCode: '4821' } },
  { type: 'GO', found: { code: 'K7WPQ2MX', accessCode: null } },
  { type: 'GO', found: null },
];
