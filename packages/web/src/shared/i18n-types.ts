/**
 * The shape of a translation: the same keys as the English object, every leaf a string.
 * `zhCN: Translation<typeof en>` makes a missing or misspelled Chinese key a type error.
 */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };
