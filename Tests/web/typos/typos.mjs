// The package's "did you mean" (cardmap.mjs's `suggested`) against the engine's (CardMap's
// `Suggestion`), on the misspelt options of typos.json, whose answers the command line gave
// (make-typos.py). Every answer the same.
//
//     node Tests/web/typos/typos.mjs .build/wasm
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { join } from "node:path";

const [folder] = process.argv.slice(2);
const { suggested } = await import(pathToFileURL(join(folder, "engine", "checks.mjs")).href);
const table = JSON.parse(readFileSync(new URL("./typos.json", import.meta.url), "utf8"));
const differ = table.typos.filter((row) => suggested(row.word, table.names) !== row.nearest);
for (const row of differ.slice(0, 10)) {
  console.error(`FAIL "${row.word}": the package suggests ${suggested(row.word, table.names)}, the engine ${row.nearest}`);
}
console.log(`typos: ${table.typos.length} misspelt options, the package's suggestion the engine's for ${table.typos.length - differ.length}; failures ${differ.length}`);
process.exit(differ.length ? 1 : 0);
