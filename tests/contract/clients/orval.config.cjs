// orval's configuration for the TypeScript client of docs/clients.md: a fetch client and the
// zod schemas of the same operations. orval writes the server's address into the client
// (baseUrl); the test gives it in ALHAMBRA_URL, an app writes its own.
module.exports = {
  alhambra: {
    input: { target: "./openapi.yaml" },
    output: {
      target: "./orval/alhambra.ts",
      client: "fetch",
      mode: "single",
      baseUrl: process.env.ALHAMBRA_URL,
    },
  },
  alhambraZod: {
    input: { target: "./openapi.yaml" },
    output: { target: "./orval/alhambra.zod.ts", client: "zod", mode: "single" },
  },
};
