// The SMS transport through the official twilio library, against a stand-in for Twilio's REST API
// started here: each request is checked as Twilio's API reference describes "Create a Message"
// (POST /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP Basic auth with the account SID and
// auth token, a form body with To, From and Body), and answered as Twilio answers.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmsTransport } from "../src/notices/sms-transport";

const SID = `AC${"a1".repeat(16)}`;
const TOKEN = "stand-in-auth-token-0001";

interface Seen {
  method: string;
  path: string;
  authorization: string;
  contentType: string;
  form: Record<string, string>;
}

/** Twilio's library, sending to the stand-in instead of https://api.twilio.com. */
class StandInClient extends twilio.RequestClient {
  constructor(private readonly origin: string) {
    super();
  }
  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    return super.request<TData>({ ...opts, uri: opts.uri.replace("https://api.twilio.com", this.origin) });
  }
}

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    request.on("end", () => resolve(text));
  });
}

describe("the SMS transport (Twilio)", () => {
  let server: Server;
  let origin = "";
  const seen: Seen[] = [];

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      const form = Object.fromEntries(new URLSearchParams(await bodyOf(request)));
      seen.push({
        method: request.method ?? "",
        path: request.url ?? "",
        authorization: request.headers.authorization ?? "",
        contentType: request.headers["content-type"] ?? "",
        form,
      });
      response.setHeader("content-type", "application/json");
      if (form.To === "+15005550001") {
        // Twilio's answer to a number it cannot text.
        response.statusCode = 400;
        response.end(
          JSON.stringify({
            code: 21211,
            message: "The 'To' number +15005550001 is not a valid phone number.",
            more_info: "https://www.twilio.com/docs/errors/21211",
            status: 400,
          }),
        );
        return;
      }
      response.statusCode = 201;
      response.end(
        JSON.stringify({
          sid: `SM${"b2".repeat(16)}`,
          account_sid: SID,
          to: form.To,
          from: form.From ?? null,
          messaging_service_sid: form.MessagingServiceSid ?? null,
          body: form.Body,
          status: "queued",
          num_segments: "1",
          direction: "outbound-api",
          api_version: "2010-04-01",
          date_created: new Date().toUTCString(),
          uri: `/2010-04-01/Accounts/${SID}/Messages/SM${"b2".repeat(16)}.json`,
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const transport = (from: string) => createSmsTransport({ accountSid: SID, authToken: TOKEN, from, httpClient: new StandInClient(origin) });
  const notice = { id: 7, to: "+15552345678", subject: "Your visit tomorrow", content: { text: "Halcyon: your visit is tomorrow at 10:00 AM EST." } };

  it("creates a Message with Basic auth and a form of To, From and Body, and reports Twilio's sid and status", async () => {
    seen.length = 0;
    const sms = transport("+15550001111");
    expect(sms.channel).toBe("sms");
    expect(await sms.send(notice)).toEqual({ reply: `SM${"b2".repeat(16)} queued` });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request).toMatchObject({ method: "POST", path: `/2010-04-01/Accounts/${SID}/Messages.json` });
    expect(request!.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString("base64")}`);
    expect(request!.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request!.form).toEqual({ To: "+15552345678", From: "+15550001111", Body: notice.content.text });
  });

  it("sends from a messaging service when TWILIO_FROM is one, and the subject when a kind has no text", async () => {
    seen.length = 0;
    const service = `MG${"c3".repeat(16)}`;
    await transport(service).send({ ...notice, content: {} });
    expect(seen[0]!.form).toEqual({ To: "+15552345678", MessagingServiceSid: service, Body: "Your visit tomorrow" });
  });

  it("fails the attempt with Twilio's reason when Twilio refuses", async () => {
    await expect(transport("+15550001111").send({ ...notice, to: "+15005550001" })).rejects.toThrow(/not a valid phone number/);
  });
});
