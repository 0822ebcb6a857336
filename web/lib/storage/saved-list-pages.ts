/** Where a shopper reads the lists kept in their browser (the app routes app/[site]/favourites and /compare). */
export const SAVED_LIST_PAGES = {
  favourites: '/favourites',
  compare: '/compare',
} as const;
