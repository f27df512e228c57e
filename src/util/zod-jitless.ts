// zod compiles each object schema into a function (`new Function`) the first time it parses with it,
// which pays off only over many parses. The action and the CLI are short-lived processes that parse
// each GitHub answer a handful of times: compiled, the first parses of a run cost about five times
// as much as interpreted ones (measured: 40 schemas, 98–129 ms compiled vs 15–26 ms jitless). The
// entry points import this first; the library (lib.ts) keeps zod's default for long-lived callers.
// It also means no code is generated at run time from strings.
import { z } from "zod";

z.config({ jitless: true });
