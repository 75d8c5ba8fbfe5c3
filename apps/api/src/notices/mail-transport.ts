// Email over SMTP with nodemailer: a pool of a few connections kept open, so a batch of notices
// pays for one handshake per connection rather than one per message.
import { appointmentInvitation } from "@halcyon/domain";
import nodemailer from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import { TransportError, type NoticeTransport, type OutgoingNotice } from "./transport";

export interface MailTransportOptions {
  /** SMTP_URL: smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start). */
  url: string;
  /** MAIL_FROM; without a name, the clinic's current name is shown. */
  from: { name: string | null; address: string };
  clinicName: () => string;
  now: () => Date;
  /** Connections kept open, and so messages in flight at once. */
  connections: number;
  /** MAIL_SENDS_PER_SECOND: messages started in a second, at most. */
  perSecond: number;
  /** How long to wait for the server: to connect and greet, and then for each answer. */
  timeoutMs: { connect: number; answer: number };
}

/** nodemailer's options from an SMTP URL: its parts, never its password, reach logs or errors. */
function poolOptions(options: MailTransportOptions): SMTPPool.Options {
  const url = new URL(options.url);
  const secure = url.protocol === "smtps:";
  return {
    pool: true,
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    maxConnections: options.connections,
    // A connection is renewed after this many messages: a long-lived one may be dropped by the server.
    maxMessages: 1000,
    connectionTimeout: options.timeoutMs.connect,
    greetingTimeout: options.timeoutMs.connect,
    socketTimeout: options.timeoutMs.answer,
  };
}

/** The worker's reason for a failed attempt, in words an admin reads in the Delivery log. */
function failure(error: unknown): TransportError {
  const { responseCode, response, code, message } = error as { responseCode?: number; response?: string; code?: string; message?: string };
  if (responseCode !== undefined && responseCode >= 500) return new TransportError(`The mail server refused it: ${response ?? responseCode}`, "refused");
  if (responseCode !== undefined && responseCode >= 400)
    return new TransportError(`The mail server asked to try later: ${response ?? responseCode}`, "temporary");
  if (code === "ETIMEDOUT") return new TransportError(`The mail server did not answer in time: ${message ?? code}`, "unreachable");
  if (code && ["ECONNECTION", "ESOCKET", "EDNS", "ECONNREFUSED", "ECONNRESET", "ETLS", "EAUTH"].includes(code)) {
    return new TransportError(`The mail server could not be reached: ${message ?? code}`, "unreachable");
  }
  return new TransportError(`Could not send: ${message ?? String(error)}`, "temporary");
}

export function createMailTransport(options: MailTransportOptions): NoticeTransport {
  const pool = nodemailer.createTransport(poolOptions(options));
  return {
    channel: "email",
    perSecond: options.perSecond,
    async send(message: OutgoingNotice) {
      const from = { name: options.from.name ?? options.clinicName(), address: options.from.address };
      // An address with no account is written to by no name.
      const to = { name: message.toName, address: message.to };
      const calendar = message.content.calendar;
      const invitation = calendar
        ? appointmentInvitation({
            clinicName: options.clinicName(),
            appointment: { ...calendar, url: calendar.url?.path },
            organizer: { name: from.name, email: from.address },
            attendee: { name: to.name, email: to.address },
            now: options.now(),
          })
        : undefined;
      try {
        const info = await pool.sendMail({
          // The same on every attempt: a mail app shows a notice sent twice (after a crash mid-send) once.
          messageId: `<notice-${message.id}@${from.address.split("@")[1]}>`,
          from,
          to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(invitation ? { icalEvent: { method: invitation.method, filename: "appointment.ics", content: invitation.ics } } : {}),
          ...(message.unsubscribeUrl
            ? { headers: { "List-Unsubscribe": `<${message.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } }
            : {}),
        });
        return { reply: info.response };
      } catch (error) {
        throw failure(error);
      }
    },
    close: () => pool.close(),
  };
}
