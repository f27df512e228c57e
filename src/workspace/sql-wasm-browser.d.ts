// sql.js ships types only for its Node build; the browser build has the same API. See sqlite-engine.ts
// for why the browser build is the one bundled.
declare module "sql.js/dist/sql-wasm-browser.js" {
  import initSqlJs from "sql.js";
  export default initSqlJs;
}
