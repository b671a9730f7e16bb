// The smoke flow of tests/api/test_generated_clients.py over the types openapi-typescript generates
// (api.d.ts, beside this file in a temporary directory): `tsc --noEmit --strict` must pass.
import type { components, paths } from "./api";

type Schemas = components["schemas"];
type Json<Op> = Op extends { responses: { 200: { content: { "application/json": infer B } } } } ? B
  : Op extends { responses: { 201: { content: { "application/json": infer B } } } } ? B : never;
type Body<Op> = Op extends { requestBody?: { content: { "application/json": infer B } } } ? B : never;

async function call<T>(base: string, token: string | null, method: string, path: string, body?: unknown,
  headers: Record<string, string> = {}): Promise<{ status: number; etag: string | null; data: T | null }> {
  const response = await fetch(base + path, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Token ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = response.status === 304 ? null : ((await response.json()) as T);
  return { status: response.status, etag: response.headers.get("ETag"), data };
}

export async function smoke(base: string, ids: { warband: number; campaign: number; decision: number;
  week: number; table: number }): Promise<void> {
  const login: Body<paths["/api/v1/auth/login/"]["post"]> = { username: "bob", password: "secret" };
  const session = await call<Json<paths["/api/v1/auth/login/"]["post"]>>(base, null, "POST", "/api/v1/auth/login/", login);
  const token: string = session.data?.token ?? "";

  const roster = await call<Schemas["Roster"]>(base, token, "GET", `/api/v1/warbands/${ids.warband}/`);
  const names: string[] = (roster.data?.warriors ?? []).map((w) => w.name);
  const catalogue = await call<Schemas["Catalogue"]>(base, token, "GET", "/api/v1/rulesets/mordheim/catalogue/");
  console.log(names, catalogue.data?.slug);

  const found: Body<paths["/api/v1/warbands/"]["post"]> = { campaign: ids.campaign, list: "reikland", name: "Mine" };
  const created = await call<Schemas["Roster"]>(base, token, "POST", "/api/v1/warbands/", found);
  const hire: Body<paths["/api/v1/warbands/{id}/hire/"]["post"]> = { type: "mercenary_captain", name: "Cap", count: 1 };
  const hired = await call<Json<paths["/api/v1/warbands/{id}/hire/"]["post"]>>(
    base, token, "POST", `/api/v1/warbands/${created.data?.id}/hire/`, hire);
  const buy: Body<paths["/api/v1/warbands/{id}/buy/"]["post"]> = { item: "sword", warrior: hired.data?.result.warrior ?? 0 };
  await call(base, token, "POST", `/api/v1/warbands/${created.data?.id}/buy/`, buy);

  const answer: Body<paths["/api/v1/decisions/{id}/"]["post"]> = { answer: "0" };
  const decided = await call<Schemas["Decision"]>(base, token, "POST", `/api/v1/decisions/${ids.decision}/`, answer);
  const open: boolean | undefined = decided.data?.open;

  const move: Body<paths["/api/v1/weeks/{id}/moves/"]["post"]> = { kind: "ingredient_search", payload: { mode: "hold" } };
  await call(base, token, "POST", `/api/v1/weeks/${ids.week}/moves/`, move);

  const view = await call<Schemas["TableView"]>(base, token, "GET", `/api/v1/tables/${ids.table}/view/`);
  const again = await call<Schemas["TableView"]>(base, token, "GET", `/api/v1/tables/${ids.table}/view/`, undefined,
    { "If-None-Match": view.etag ?? "" });
  const seq: number = view.data?.seq ?? 0;
  const command: Body<paths["/api/v1/tables/{id}/commands/{kind}/"]["post"]> = { payload: { slug: "line_trooper" } };
  await call(base, token, "POST", `/api/v1/tables/${ids.table}/commands/deploy/`, command);
  const events = await call<Schemas["TableEvents"]>(base, token, "GET", `/api/v1/tables/${ids.table}/events/?after=${seq}`);
  const seqs: number[] = (events.data?.events ?? []).map((e) => e.n);
  console.log(open, again.status === 304, seqs);
}
