// One layout for every email, in the clinic's look (docs/design.md: ivory ground, ink text, a
// champagne-gold hairline and button, Cormorant Garamond over Inter), written with React Email's
// components: tables and inline styles that mail apps understand, one column that reads at 375 px.
// No remote font, image or stylesheet: a mail app fetches nothing, and no third party learns who
// opened what. The plain-text part is written from the same content, not scraped from the HTML.
import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import { render } from "@react-email/render";
import type { NoticeContent } from "@halcyon/domain";

/** packages/ui's tokens, as mail apps need them: plain hex values. */
const COLOURS = {
  ivory100: "#fbf8f2",
  ivory50: "#fffdf9",
  ink900: "#111a2e",
  ink950: "#0b1220",
  stone600: "#5a6272",
  gold500: "#c4a265",
  gold700: "#856633",
  hairline: "#e3cf9f",
};
const DISPLAY = "'Cormorant Garamond', Georgia, 'Times New Roman', serif";
const SANS = "Inter, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export interface EmailFrame {
  clinicName: string;
  publicOrigin: string;
  /** Whether the notice can be switched off (and so says where). */
  essential: boolean;
  /** To an address with no account (an invitation to make one): says why it came, and that nothing more will. */
  guest?: boolean;
}

const text = { fontFamily: SANS, fontSize: "16px", lineHeight: "26px", color: COLOURS.ink900, margin: "0 0 16px" };
const small = { fontFamily: SANS, fontSize: "13px", lineHeight: "20px", color: COLOURS.stone600, margin: "0 0 8px" };

function NoticeEmail({ content, frame }: { content: NoticeContent; frame: EmailFrame }) {
  const [primary, ...others] = content.actions;
  return (
    <Html lang="en">
      <Head>
        <title>{content.subject}</title>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{content.preview}</Preview>
      <Body style={{ backgroundColor: COLOURS.ivory100, margin: 0, padding: "24px 0" }}>
        <Container style={{ maxWidth: "560px", width: "100%", margin: "0 auto", padding: "0 12px" }}>
          <Section style={{ padding: "8px 12px 20px" }}>
            <Text style={{ fontFamily: DISPLAY, fontSize: "24px", lineHeight: "30px", letterSpacing: "0.04em", color: COLOURS.ink900, margin: 0 }}>
              {frame.clinicName}
            </Text>
          </Section>
          <Section
            style={{
              backgroundColor: COLOURS.ivory50,
              border: `1px solid ${COLOURS.hairline}`,
              borderRadius: "12px",
              padding: "28px 24px",
            }}
          >
            <Heading as="h1" style={{ fontFamily: DISPLAY, fontWeight: 500, fontSize: "28px", lineHeight: "34px", color: COLOURS.ink900, margin: "0 0 20px" }}>
              {content.heading}
            </Heading>
            {content.paragraphs.map((paragraph, index) => (
              <Text key={index} style={text}>
                {paragraph}
              </Text>
            ))}
            {content.calendar ? <Text style={small}>A calendar invitation is attached: open it to update your calendar.</Text> : null}
            {primary ? (
              <Section style={{ padding: "12px 0 4px" }}>
                <Button
                  href={primary.link.path}
                  style={{
                    backgroundColor: COLOURS.gold500,
                    color: COLOURS.ink950,
                    fontFamily: SANS,
                    fontSize: "16px",
                    fontWeight: 600,
                    borderRadius: "8px",
                    padding: "14px 24px",
                    textDecoration: "none",
                  }}
                >
                  {primary.label}
                </Button>
              </Section>
            ) : null}
            {others.map((action, index) => (
              <Text key={index} style={{ ...text, margin: "16px 0 0" }}>
                <Link href={action.link.path} style={{ color: COLOURS.gold700, textDecoration: "underline" }}>
                  {action.label}
                </Link>
              </Text>
            ))}
          </Section>
          <Hr style={{ borderColor: COLOURS.hairline, margin: "24px 12px 16px" }} />
          <Section style={{ padding: "0 12px" }}>
            <Text style={small}>{footerLine(frame)}</Text>
            <Text style={small}>
              <Link href={frame.publicOrigin} style={{ color: COLOURS.gold700, textDecoration: "underline" }}>
                {new URL(frame.publicOrigin).host}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

function footerLine(frame: EmailFrame): string {
  if (frame.guest)
    return `Sent by ${frame.clinicName} because someone you know named this address. You have no account with us, and nothing more is sent unless you make one.`;
  return frame.essential
    ? `Sent by ${frame.clinicName} about your account, so it is always sent.`
    : `Sent by ${frame.clinicName}. You can choose which emails you get on your account page.`;
}

// React renders a layout in milliseconds (more with React's development build), and a batch of
// reminders is thousands of emails of a few shapes. So each shape (paragraphs, actions, whether an
// invitation is attached) is rendered once per frame with markers in its slots, and each email
// fills its own words in, escaped as React escapes them.
const SLOT = /@@slot:(\w+)@@/g;
const slot = (name: string) => `@@slot:${name}@@`;
const templates = new Map<string, Promise<string>>();
const TEMPLATES_KEPT = 200;

function template(content: NoticeContent, frame: EmailFrame): Promise<string> {
  const key = JSON.stringify([
    frame.clinicName,
    frame.publicOrigin,
    frame.essential,
    frame.guest === true,
    content.paragraphs.length,
    content.actions.length,
    content.calendar !== undefined,
  ]);
  let found = templates.get(key);
  if (!found) {
    const shape: NoticeContent = {
      subject: slot("subject"),
      preview: slot("preview"),
      heading: slot("heading"),
      paragraphs: content.paragraphs.map((_, index) => slot(`p${index}`)),
      actions: content.actions.map((_, index) => ({ label: slot(`a${index}`), link: { path: slot(`h${index}`) } })),
      ...(content.calendar ? { calendar: content.calendar } : {}),
    };
    // A clinic renamed over and over must not grow this without end.
    if (templates.size >= TEMPLATES_KEPT) templates.clear();
    found = render(<NoticeEmail content={shape} frame={frame} />);
    templates.set(key, found);
    found.catch(() => templates.delete(key));
  }
  return found;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

export async function renderEmailHtml(content: NoticeContent, frame: EmailFrame): Promise<string> {
  const values: Record<string, string> = { subject: content.subject, preview: content.preview, heading: content.heading };
  content.paragraphs.forEach((paragraph, index) => (values[`p${index}`] = paragraph));
  content.actions.forEach((action, index) => {
    values[`a${index}`] = action.label;
    values[`h${index}`] = action.link.path;
  });
  // One pass: words that happen to look like a slot are not filled in again.
  return (await template(content, frame)).replace(SLOT, (_, name: string) => escapeHtml(values[name] ?? ""));
}

/**
 * Loads what rendering needs (React's server renderer is imported on first use, tens of
 * milliseconds of the event loop) at start, rather than in the middle of the first batch.
 */
export async function warmEmailRendering(frame: EmailFrame): Promise<void> {
  await renderEmailHtml({ subject: "", preview: "", heading: "", paragraphs: [], actions: [] }, frame);
}

/** The plain-text part: the same words, each link written out after its label. */
export function renderEmailText(content: NoticeContent, frame: EmailFrame): string {
  const lines = [content.heading, "", ...content.paragraphs.flatMap((paragraph) => [paragraph, ""])];
  if (content.calendar) lines.push("A calendar invitation is attached: open it to update your calendar.", "");
  for (const action of content.actions) lines.push(`${action.label}: ${action.link.path}`, "");
  lines.push("--", footerLine(frame), frame.publicOrigin);
  return `${lines.join("\n")}\n`;
}
