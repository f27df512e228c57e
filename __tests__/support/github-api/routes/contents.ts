// The contents API: a file at a ref (base64 up to 1 MB, empty with `encoding: "none"` above, the raw
// bytes with the raw media type), a directory listing, 404 "Not Found" for a missing path, 404 "No
// commit found for the ref …" for an unknown ref, 403 too_large above GitHub's 100 MB blob limit.
import { contentDirectoryEntry, contentFile } from "../representations/content.js";
import { type Handler, isReply, notFound, repoOf } from "./context.js";

const DOCS = "https://docs.github.com/rest/repos/contents#get-repository-content";

const getContent: Handler = (ctx) => {
  const repo = repoOf(ctx);
  if (isReply(repo)) return repo;
  const ref = ctx.query.get("ref") ?? repo.defaultBranch;
  // GitHub's answer for a ref it cannot resolve: a 404 whose message is not "Not Found".
  const noCommit = {
    status: 404,
    json: { message: `No commit found for the ref ${ref}`, documentation_url: DOCS, status: "404" },
  };
  const sha = ctx.model.resolveRef(repo, ref);
  if (sha === undefined) return noCommit;
  const tree = repo.commits.get(sha)?.tree;
  if (tree === undefined) return noCommit;
  const path = (ctx.params.path ?? "").replace(/^\/+|\/+$/g, "");
  const content = tree.get(path);
  if (content !== undefined) {
    if (content.length > ctx.limits.contentsMaxBytes) {
      return {
        status: 403,
        json: {
          message:
            "This API returns blobs up to 100 MB in size. The requested blob is too large to fetch via the API, but you can use the Git Data API to request blobs up to 100 MB in size.",
          errors: [{ resource: "Blob", field: "data", code: "too_large" }],
          documentation_url: DOCS,
          status: "403",
        },
      };
    }
    if (/application\/vnd\.github(\.v3)?\.raw/.test(ctx.headers.accept ?? "")) {
      return { status: 200, text: content, mediaType: "application/vnd.github.raw" };
    }
    return { status: 200, json: contentFile(ctx.hosts, repo, path, ref, content) };
  }
  const prefix = path === "" ? "" : `${path}/`;
  const children = new Map<string, "file" | "dir">();
  for (const key of tree.keys()) {
    if (!key.startsWith(prefix)) continue;
    const rest = key.slice(prefix.length);
    const slash = rest.indexOf("/");
    children.set(slash < 0 ? rest : rest.slice(0, slash), slash < 0 ? "file" : "dir");
  }
  if (children.size === 0) return notFound(DOCS);
  const json = [...children]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, kind]) =>
      contentDirectoryEntry(
        ctx.hosts,
        repo,
        `${prefix}${name}`,
        ref,
        kind,
        kind === "file" ? tree.get(`${prefix}${name}`) : undefined,
      ),
    );
  return { status: 200, json };
};

export const contentRoutes: Record<string, Handler> = {
  "GET /repos/{owner}/{repo}/contents/{path}": getContent,
};
