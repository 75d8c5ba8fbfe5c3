// Texts through Twilio's official library (issue 34 item 6): the outbox worker hands a notice on
// the "sms" channel here, as NoticeTransport (./transport.ts) takes it. A text says what the
// kind's `text` says, or its subject: both held to the discretion rule by the kinds' test.
import twilio from "twilio";

/** What a text needs of an outgoing notice (a part of the worker's OutgoingNotice). */
export interface OutgoingText {
  id: number;
  to: string;
  subject: string;
  content: { text?: string };
}

export interface SmsTransportOptions {
  accountSid: string;
  authToken: string;
  /** A number (E.164) or a messaging service (MG…). */
  from: string;
  /** Twilio's RequestClient, or one made from it: tests point it at a stand-in for Twilio's API. */
  httpClient?: InstanceType<typeof twilio.RequestClient>;
}

export function createSmsTransport(options: SmsTransportOptions) {
  const client = twilio(options.accountSid, options.authToken, {
    ...(options.httpClient ? { httpClient: options.httpClient } : {}),
    // The worker retries with its own back-off; a failed attempt should fail, not wait here.
    autoRetry: false,
  });
  const sender = options.from.startsWith("MG") ? { messagingServiceSid: options.from } : { from: options.from };
  return {
    channel: "sms" as const,
    async send(message: OutgoingText): Promise<{ reply: string }> {
      const sent = await client.messages.create({ to: message.to, body: message.content.text ?? message.subject, ...sender });
      return { reply: `${sent.sid} ${sent.status}` };
    },
  };
}
