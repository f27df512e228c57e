// `label`: the gate's `label` dependency reads these names.
import { nodeId } from "../ids.js";
import type { LabelRecord, RepoRecord } from "../model.js";
import type { Hosts } from "./urls.js";

export function label(hosts: Hosts, repo: RepoRecord, record: LabelRecord): Record<string, unknown> {
  return {
    id: record.id,
    node_id: nodeId("Label", record.id),
    url: `${hosts.api}/repos/${repo.fullName}/labels/${encodeURIComponent(record.name)}`,
    name: record.name,
    description: record.description,
    color: record.color,
    default: false,
  };
}
