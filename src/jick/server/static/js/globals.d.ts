// Globals of the page, for the type check (tests/js/tsconfig.json): no build step reads this file.

interface Window {
  /** the page object of the current route (the tests reach the table through it) */
  jickPage?: unknown;
}
