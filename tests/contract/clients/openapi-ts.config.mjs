// @hey-api/openapi-ts's configuration for the TypeScript client of docs/clients.md: the fetch
// client, its zod schemas, and an SDK that checks each request and answer with them.
export default {
  input: "openapi.yaml",
  output: "hey",
  plugins: ["@hey-api/client-fetch", "zod", { name: "@hey-api/sdk", validator: true }],
};
