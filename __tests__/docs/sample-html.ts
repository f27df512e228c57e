// The samples' HTML: the Markdown a check run posts, rendered as GitHub-flavoured Markdown (marked,
// gfm) inside a page styled roughly like GitHub's check-run view, so a person can look at what a
// maintainer will read. GitHub also sanitises HTML; the renderer's own escaping is what the samples
// show, since that is what keeps untrusted text inert either way.
import { marked } from "marked";

const STYLE = `
body { font: 14px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; color: #1f2328; margin: 0; background: #f6f8fa; }
main { max-width: 980px; margin: 24px auto; background: #fff; border: 1px solid #d1d9e0; border-radius: 6px; }
header { padding: 16px 24px; border-bottom: 1px solid #d1d9e0; }
header .check { color: #59636e; font-size: 12px; }
header h1 { font-size: 20px; font-weight: 600; margin: 4px 0 0; }
.conclusion { display: inline-block; border-radius: 2em; padding: 0 8px; font-size: 12px; font-weight: 500; color: #fff; }
.success { background: #1a7f37; } .failure { background: #cf222e; } .action_required { background: #9a6700; } .in_progress { background: #0969da; }
article { padding: 16px 24px; }
h2 { font-size: 1.5em; border-bottom: 1px solid #d1d9e0; padding-bottom: .3em; margin-top: 0; }
h3 { font-size: 1.25em; margin: 24px 0 16px; }
table { border-collapse: collapse; display: block; overflow: auto; margin: 0 0 16px; }
th, td { border: 1px solid #d1d9e0; padding: 6px 13px; vertical-align: top; }
th { font-weight: 600; background: #f6f8fa; }
code { font: 85% ui-monospace, SFMono-Regular, Menlo, monospace; background: #818b981f; border-radius: 6px; padding: .2em .4em; }
pre { background: #f6f8fa; border-radius: 6px; padding: 16px; overflow: auto; }
pre code { background: none; padding: 0; }
blockquote { margin: 0 0 16px; padding: 0 1em; color: #59636e; border-left: .25em solid #d1d9e0; }
details { margin: 0 0 16px; } summary { cursor: pointer; font-weight: 600; }
sub { color: #59636e; }
`.trim();

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A whole page: the check run's name, conclusion and title as GitHub shows them above the summary. */
export function samplePage(options: {
  heading: string;
  conclusion: string;
  title: string;
  markdown: string;
}): string {
  const body = marked.parse(options.markdown, { gfm: true, async: false }) as string;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(options.heading)}: ${escapeHtml(options.title)}</title>
<style>
${STYLE}
</style>
</head>
<body>
<main>
<header>
<div class="check">${escapeHtml(options.heading)} <span class="conclusion ${escapeHtml(options.conclusion)}">${escapeHtml(options.conclusion.replace("_", " "))}</span></div>
<h1>${escapeHtml(options.title)}</h1>
</header>
<article>
${body}</article>
</main>
</body>
</html>
`;
}
