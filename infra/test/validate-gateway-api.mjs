// Validates Gateway API objects (JSON on stdin, an array) against the Gateway API schemas of
// @kubernetes-models/gateway-api, which ships as ES modules only (jest's CommonJS cannot load it):
// prints one line per object, `<kind>/<name>: valid` or `<kind>/<name>: <the schema's complaint>`.
import { Gateway, HTTPRoute } from '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1';

const MODELS = { Gateway, HTTPRoute };
let input = '';
for await (const chunk of process.stdin) input += chunk;
for (const object of JSON.parse(input)) {
  const Model = MODELS[object.kind];
  let verdict = 'valid';
  try {
    if (!Model) throw new Error(`no schema for ${object.apiVersion} ${object.kind}`);
    new Model(object).validate();
  } catch (error) {
    verdict = error.message.replace(/\s+/g, ' ');
  }
  process.stdout.write(`${object.kind}/${object.metadata.name}: ${verdict}\n`);
}
