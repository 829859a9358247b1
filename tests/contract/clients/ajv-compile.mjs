// Compiles every component schema of an OpenAPI document with Ajv's draft 2020-12 validator,
// with Ajv's default options (its strict mode: an unknown keyword or format is an error; what
// strictTypes only logs is printed), as a JavaScript companion app would validate with them.
// Usage: node ajv-compile.mjs openapi.json; prints one line per component, exits 1 on a failure.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const Ajv2020 = createRequire(import.meta.url)("ajv/dist/2020").default;
const spec = JSON.parse(readFileSync(process.argv[2], "utf8"));
const schemas = spec.components.schemas;

// OpenAPI's extensions (x-...) and its discriminator are annotations to a JSON Schema
// validator: declared as such, so strict mode accepts them. (Ajv's own discriminator option
// does not take a mapping; the union's oneOf decides alone.)
const extensions = new Set(["discriminator"]);
(function collect(node) {
  if (Array.isArray(node)) node.forEach(collect);
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith("x-")) extensions.add(key);
      collect(value);
    }
  }
})(schemas);

const ajv = new Ajv2020({ allErrors: true });
ajv.addVocabulary([...extensions]);
for (const [name, schema] of Object.entries(schemas)) {
  ajv.addSchema(schema, `#/components/schemas/${name}`);
}
let failed = 0;
for (const name of Object.keys(schemas)) {
  try {
    ajv.getSchema(`#/components/schemas/${name}`);
    console.log(`compiled ${name}`);
  } catch (error) {
    failed += 1;
    console.log(`FAILED ${name}: ${error.message}`);
  }
}
process.exit(failed ? 1 : 0);
