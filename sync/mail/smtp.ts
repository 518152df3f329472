// The SMTP transport of the one mailer (nodemailer: a well-kept client that speaks SMTP, STARTTLS, SMTPS and AUTH,
// which we would otherwise have to write). SMTP_URL is nodemailer's URL form: smtp://user:pass@host:587 or
// smtps://user:pass@host:465; MAIL_FROM is the sender address.
import nodemailer from "nodemailer";

interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

export interface MailTransport {
  /** Resolves once the SMTP server has taken the mail; rejects with its refusal or a connection error. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html === null ? {} : { html: mail.html }),
      });
    },
    close() {
      transport.close();
    },
  };
}
