// `simple-user` and `integration` objects: who authored a pull request or a comment, and the app a
// check run belongs to. The gate trusts a sticky comment only from `<app slug>[bot]` of type Bot, so
// these must be exact.
import { nodeId } from "../ids.js";
import type { AppRecord, UserRecord } from "../model.js";
import type { Hosts } from "./urls.js";

export function simpleUser(hosts: Hosts, user: UserRecord): Record<string, unknown> {
  const api = `${hosts.api}/users/${encodeURIComponent(user.login)}`;
  const avatar =
    user.type === "Bot" && user.login === "github-actions[bot]"
      ? "https://avatars.githubusercontent.com/in/15368?v=4"
      : `https://avatars.githubusercontent.com/u/${user.id}?v=4`;
  return {
    login: user.login,
    id: user.id,
    node_id: nodeId(user.nodeType, user.id),
    avatar_url: avatar,
    gravatar_id: "",
    url: api,
    html_url:
      user.type === "Bot"
        ? `${hosts.web}/apps/${user.login.replace(/\[bot\]$/, "")}`
        : `${hosts.web}/${user.login}`,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type: user.type,
    user_view_type: "public",
    site_admin: false,
  };
}

export function integration(hosts: Hosts, app: AppRecord): Record<string, unknown> {
  return {
    id: app.id,
    slug: app.slug,
    node_id: app.nodeId,
    client_id: app.clientId,
    owner: simpleUser(hosts, app.owner),
    name: app.name,
    description: app.description,
    external_url: app.externalUrl,
    html_url: app.htmlUrl,
    created_at: app.createdAt,
    updated_at: app.updatedAt,
    permissions: app.permissions,
    events: app.events,
  };
}
