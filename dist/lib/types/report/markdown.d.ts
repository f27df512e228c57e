/** Text inside a table cell or a list item: HTML and Markdown control characters neutralised,
 * mentions and issue references kept from pinging, one line, bounded length. */
export declare function inline(text: string, max?: number): string;
/** Text shown verbatim in a fenced block whose fence cannot occur inside it. */
export declare function fenced(text: string, language?: string): string;
/** A collapsed block; the summary is untrusted-safe, the body is Markdown the caller built safely. */
export declare function details(summary: string, body: string): string;
/** A Markdown table; cells must already be safe (use inline()). */
export declare function table(header: readonly string[], rows: readonly (readonly string[])[]): string;
/** A file path or commit shown as code, with backticks that cannot be broken out of. */
export declare function code(text: string, max?: number): string;
/** code() for a table cell: a `|` would end the cell even inside a code span, so GFM wants it
 * escaped there (and only there). */
export declare function codeCell(text: string, max?: number): string;
export declare function plural(n: number, one: string, many?: string): string;
/** Cut Markdown to GitHub's limit with a visible mark, never silently. Cuts at a line boundary and
 * closes an open fence or <details> so the rest of the page still renders. */
export declare function fitWithin(markdown: string, limit: number, note: string): string;
