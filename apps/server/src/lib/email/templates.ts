import { nativeLanguages, type PlanUnit, type UiLanguage } from '@vocagarden/contract';
import type { UnsubscribeLink } from '../../modules/email/unsubscribe-links.ts';
import type { OutgoingEmail } from './mailer.ts';
import type { RenderedBody } from './markdown.ts';

interface Texts {
  welcomeSubject: string;
  welcomeBody: string;
  welcomeAction: string;
  resetSubject: string;
  resetBody: string;
  resetAction: string;
  resetIgnore: string;
  codeSubject: string;
  codeBody: string;
  codeIgnore: string;
  greeting: (name: string) => string;
  /** "1 week", "3 months": how many units of a plan. */
  planUnits: (unit: PlanUnit, units: number) => string;
  receiptSubject: string;
  receiptThanks: (amount: string, plan: string) => string;
  receiptUntil: (date: string) => string;
  receiptNoRenewal: string;
  receiptOrder: (orderId: number) => string;
  receiptAction: string;
  planEndingSubject: string;
  planEndingBody: (date: string) => string;
  planEndingWhatNext: string;
  planEndingAction: string;
  planEndingWhy: string;
  contactSubject: string;
  /** The thanks, with the message's subject when it is safe to repeat (else null). */
  contactReceived: (subject: string | null) => string;
  contactIgnore: string;
  /** The footer link of every optional email. */
  unsubscribe: string;
  reminderDueSubject: (count: number) => string;
  reminderDueBody: (count: number) => string;
  reminderStreakSubject: (days: number) => string;
  reminderStreakBody: (days: number) => string;
  reminderAction: string;
  reminderWhy: string;
  welcomeBackSubject: string;
  welcomeBackBody: (learned: number, due: number) => string;
  welcomeBackAction: string;
  campaignWhy: string;
}

/** Email texts in the recipient's interface language (English is the fallback, as in the app). */
const texts: Record<UiLanguage, Texts> = {
  en: {
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    welcomeSubject: 'Welcome to VocaGarden',
    welcomeBody: 'Your garden is ready. Pick a level, open a list and plant your first English words.',
    welcomeAction: 'Start learning',
    resetSubject: 'Reset your VocaGarden password',
    resetBody: 'We received a request to reset your password. The link works once and expires in 1 hour.',
    resetAction: 'Choose a new password',
    resetIgnore: 'If you did not ask for this, you can ignore this email; your password stays the same.',
    codeSubject: 'Your VocaGarden sign-in code',
    codeBody: 'Use this code to sign in. It expires in 10 minutes and works once.',
    codeIgnore: 'If you did not ask for a code, you can ignore this email.',
    planUnits: (unit, units) =>
      unit === 'week' ? `${units} ${units === 1 ? 'week' : 'weeks'}` : `${units} ${units === 1 ? 'month' : 'months'}`,
    receiptSubject: 'Your VocaGarden Premium receipt',
    receiptThanks: (amount, plan) =>
      `Thank you! We received your payment of ${amount} for ${plan} of VocaGarden Premium.`,
    receiptUntil: (date) => `Premium is yours until ${date}.`,
    receiptNoRenewal: 'Premium does not renew by itself: nothing more will be charged.',
    receiptOrder: (orderId) => `Order number: ${orderId}`,
    receiptAction: 'Open VocaGarden',
    planEndingSubject: 'Your VocaGarden Premium ends in 3 days',
    planEndingBody: (date) => `Your Premium plan ends on ${date}.`,
    planEndingWhatNext:
      'After that, premium lists, category PDFs and unlimited videos close until you choose a new plan. Premium never renews by itself; a plan you buy now starts when the current one ends.',
    planEndingAction: 'Choose a plan',
    planEndingWhy: 'You get this email because "News about VocaGarden" is on in your email settings.',
    contactSubject: 'We received your message',
    contactReceived: (subject) =>
      subject
        ? `Thank you for writing to VocaGarden. We received your message “${subject}” and will answer as soon as we can.`
        : 'Thank you for writing to VocaGarden. We received your message and will answer as soon as we can.',
    contactIgnore:
      'If you did not write to us, you can ignore this email: someone may have typed your address by mistake.',
    unsubscribe: 'Unsubscribe from these emails',
    reminderDueSubject: (count) => `${count} ${count === 1 ? 'word is' : 'words are'} waiting for review`,
    reminderDueBody: (count) =>
      `${count === 1 ? 'One word is' : `${count} words are`} ready for review today. A few minutes now keeps them fresh in your memory.`,
    reminderStreakSubject: (days) => `Keep your ${days}-day streak growing`,
    reminderStreakBody: (days) =>
      `You have studied ${days} ${days === 1 ? 'day' : 'days'} in a row. One short session today keeps your streak alive.`,
    reminderAction: 'Study now',
    reminderWhy: 'You get this email because "Study reminders" is on in your email settings.',
    welcomeBackSubject: 'Your garden misses you',
    welcomeBackBody: (learned, due) =>
      `You already know ${learned} ${learned === 1 ? 'word' : 'words'}${due > 0 ? `, and ${due} of them ${due === 1 ? 'is' : 'are'} ready for a quick review` : ''}. Pick up where you left off: ten minutes is enough.`,
    welcomeBackAction: 'Back to my garden',
    campaignWhy: 'You get this email because "Offers and discounts" is on in your email settings.',
  },
  es: {
    greeting: (name) => (name ? `Hola ${name}:` : 'Hola:'),
    welcomeSubject: 'Te damos la bienvenida a VocaGarden',
    welcomeBody: 'Tu jardín está listo. Elige un nivel, abre una lista y planta tus primeras palabras en inglés.',
    welcomeAction: 'Empezar a aprender',
    resetSubject: 'Restablece tu contraseña de VocaGarden',
    resetBody:
      'Recibimos una solicitud para restablecer tu contraseña. El enlace funciona una sola vez y caduca en 1 hora.',
    resetAction: 'Elegir una nueva contraseña',
    resetIgnore: 'Si no lo solicitaste, puedes ignorar este correo; tu contraseña no cambiará.',
    codeSubject: 'Tu código de acceso a VocaGarden',
    codeBody: 'Usa este código para iniciar sesión. Caduca en 10 minutos y funciona una sola vez.',
    codeIgnore: 'Si no pediste un código, puedes ignorar este correo.',
    planUnits: (unit, units) =>
      unit === 'week' ? `${units} ${units === 1 ? 'semana' : 'semanas'}` : `${units} ${units === 1 ? 'mes' : 'meses'}`,
    receiptSubject: 'Tu recibo de VocaGarden Premium',
    receiptThanks: (amount, plan) => `¡Gracias! Hemos recibido tu pago de ${amount} por ${plan} de VocaGarden Premium.`,
    receiptUntil: (date) => `Premium es tuyo hasta el ${date}.`,
    receiptNoRenewal: 'Premium no se renueva solo: no se te cobrará nada más.',
    receiptOrder: (orderId) => `Número de pedido: ${orderId}`,
    receiptAction: 'Abrir VocaGarden',
    planEndingSubject: 'Tu VocaGarden Premium termina en 3 días',
    planEndingBody: (date) => `Tu plan Premium termina el ${date}.`,
    planEndingWhatNext:
      'Después, las listas premium, los PDF de las categorías y los vídeos ilimitados se cierran hasta que elijas un nuevo plan. Premium nunca se renueva solo; un plan que compres ahora empieza cuando termine el actual.',
    planEndingAction: 'Elegir un plan',
    planEndingWhy: 'Recibes este correo porque «Novedades de VocaGarden» está activado en tu configuración de correo.',
    contactSubject: 'Hemos recibido tu mensaje',
    contactReceived: (subject) =>
      subject
        ? `Gracias por escribir a VocaGarden. Hemos recibido tu mensaje «${subject}» y te responderemos lo antes posible.`
        : 'Gracias por escribir a VocaGarden. Hemos recibido tu mensaje y te responderemos lo antes posible.',
    contactIgnore:
      'Si no nos has escrito, puedes ignorar este correo: puede que alguien haya escrito tu dirección por error.',
    unsubscribe: 'Darse de baja de estos correos',
    reminderDueSubject: (count) =>
      count === 1 ? 'Tienes 1 palabra para repasar' : `Tienes ${count} palabras para repasar`,
    reminderDueBody: (count) =>
      `${count === 1 ? 'Hoy tienes 1 palabra lista' : `Hoy tienes ${count} palabras listas`} para repasar. Unos minutos ahora las mantienen frescas en tu memoria.`,
    reminderStreakSubject: (days) => `Mantén tu racha de ${days} ${days === 1 ? 'día' : 'días'}`,
    reminderStreakBody: (days) =>
      `Has estudiado ${days} ${days === 1 ? 'día' : 'días'} seguidos. Una sesión corta hoy mantiene viva tu racha.`,
    reminderAction: 'Estudiar ahora',
    reminderWhy: 'Recibes este correo porque «Recordatorios de estudio» está activado en tu configuración de correo.',
    welcomeBackSubject: 'Tu jardín te echa de menos',
    welcomeBackBody: (learned, due) =>
      `Ya conoces ${learned} ${learned === 1 ? 'palabra' : 'palabras'}${due > 0 ? ` y ${due} ${due === 1 ? 'está lista' : 'están listas'} para un repaso rápido` : ''}. Continúa donde lo dejaste: diez minutos bastan.`,
    welcomeBackAction: 'Volver a mi jardín',
    campaignWhy: 'Recibes este correo porque «Ofertas y descuentos» está activado en tu configuración de correo.',
  },
  tr: {
    greeting: (name) => (name ? `Merhaba ${name},` : 'Merhaba,'),
    welcomeSubject: "VocaGarden'a hoş geldin",
    welcomeBody: 'Bahçen hazır. Bir seviye seç, bir liste aç ve ilk İngilizce kelimelerini ek.',
    welcomeAction: 'Öğrenmeye başla',
    resetSubject: 'VocaGarden şifreni sıfırla',
    resetBody:
      'Şifreni sıfırlamak için bir istek aldık. Bağlantı yalnızca bir kez çalışır ve 1 saat içinde geçersiz olur.',
    resetAction: 'Yeni şifre belirle',
    resetIgnore: 'Bu isteği sen yapmadıysan bu e-postayı yok sayabilirsin; şifren değişmez.',
    codeSubject: 'VocaGarden giriş kodun',
    codeBody: 'Giriş yapmak için bu kodu kullan. Kod 10 dakika geçerlidir ve yalnızca bir kez kullanılabilir.',
    codeIgnore: 'Kod istemediysen bu e-postayı yok sayabilirsin.',
    planUnits: (unit, units) => `${units} ${unit === 'week' ? 'hafta' : 'ay'}`,
    receiptSubject: 'VocaGarden Premium makbuzun',
    receiptThanks: (amount, plan) =>
      `Teşekkürler! VocaGarden Premium (${plan}) için ${amount} tutarındaki ödemeni aldık.`,
    receiptUntil: (date) => `Premium üyeliğin ${date} tarihine kadar geçerli.`,
    receiptNoRenewal: 'Premium kendiliğinden yenilenmez; senden başka bir ücret alınmayacak.',
    receiptOrder: (orderId) => `Sipariş numarası: ${orderId}`,
    receiptAction: "VocaGarden'ı aç",
    planEndingSubject: 'VocaGarden Premium üyeliğin 3 gün içinde bitiyor',
    planEndingBody: (date) => `Premium planın ${date} tarihinde bitiyor.`,
    planEndingWhatNext:
      "Sonrasında premium listeler, kategori PDF'leri ve sınırsız videolar yeni bir plan seçene kadar kapanır. Premium kendiliğinden yenilenmez; şimdi alacağın plan, mevcut planın bittiği an başlar.",
    planEndingAction: 'Plan seç',
    planEndingWhy: 'Bu e-postayı, e-posta ayarlarında "VocaGarden\'dan haberler" açık olduğu için alıyorsun.',
    contactSubject: 'Mesajını aldık',
    contactReceived: (subject) =>
      subject
        ? `VocaGarden'a yazdığın için teşekkürler. “${subject}” konulu mesajını aldık; en kısa sürede yanıt vereceğiz.`
        : "VocaGarden'a yazdığın için teşekkürler. Mesajını aldık; en kısa sürede yanıt vereceğiz.",
    contactIgnore: 'Bize yazmadıysan bu e-postayı yok sayabilirsin: biri adresini yanlışlıkla yazmış olabilir.',
    unsubscribe: 'Bu e-postaların aboneliğinden çık',
    reminderDueSubject: (count) => `Tekrar etmeni bekleyen ${count} kelime var`,
    reminderDueBody: (count) =>
      `Bugün tekrar için hazır ${count} kelimen var. Şimdi ayıracağın birkaç dakika onları hafızanda taze tutar.`,
    reminderStreakSubject: (days) => `${days} günlük serini sürdür`,
    reminderStreakBody: (days) => `${days} gündür aralıksız çalışıyorsun. Bugün kısa bir çalışma serini devam ettirir.`,
    reminderAction: 'Şimdi çalış',
    reminderWhy: 'Bu e-postayı, e-posta ayarlarında "Çalışma hatırlatıcıları" açık olduğu için alıyorsun.',
    welcomeBackSubject: 'Bahçen seni özledi',
    welcomeBackBody: (learned, due) =>
      `Şimdiden ${learned} kelime biliyorsun${due > 0 ? `; bunlardan ${due} tanesi kısa bir tekrar için hazır` : ''}. Kaldığın yerden devam et: on dakika yeter.`,
    welcomeBackAction: 'Bahçeme dön',
    campaignWhy: 'Bu e-postayı, e-posta ayarlarında "Teklifler ve indirimler" açık olduğu için alıyorsun.',
  },
  az: {
    greeting: (name) => (name ? `Salam, ${name}!` : 'Salam!'),
    welcomeSubject: 'VocaGarden-ə xoş gəlmisən',
    welcomeBody: 'Bağçan hazırdır. Bir səviyyə seç, siyahı aç və ilk ingilis sözlərini ək.',
    welcomeAction: 'Öyrənməyə başla',
    resetSubject: 'VocaGarden şifrəni bərpa et',
    resetBody: 'Şifrəni bərpa etmək üçün sorğu aldıq. Keçid yalnız bir dəfə işləyir və 1 saatdan sonra etibarsız olur.',
    resetAction: 'Yeni şifrə seç',
    resetIgnore: 'Bu sorğunu sən göndərməmisənsə, bu məktubu nəzərə almaya bilərsən; şifrən dəyişməyəcək.',
    codeSubject: 'VocaGarden giriş kodun',
    codeBody: 'Daxil olmaq üçün bu koddan istifadə et. Kod 10 dəqiqə etibarlıdır və yalnız bir dəfə işləyir.',
    codeIgnore: 'Kod istəməmisənsə, bu məktubu nəzərə almaya bilərsən.',
    planUnits: (unit, units) => `${units} ${unit === 'week' ? 'həftə' : 'ay'}`,
    receiptSubject: 'VocaGarden Premium qəbzin',
    receiptThanks: (amount, plan) =>
      `Təşəkkür edirik! VocaGarden Premium (${plan}) üçün ${amount} məbləğində ödənişini aldıq.`,
    receiptUntil: (date) => `Premium üzvlüyün ${date} tarixinədək qüvvədədir.`,
    receiptNoRenewal: 'Premium özü-özünə yenilənmir; səndən başqa ödəniş tutulmayacaq.',
    receiptOrder: (orderId) => `Sifariş nömrəsi: ${orderId}`,
    receiptAction: 'VocaGarden-i aç',
    planEndingSubject: 'VocaGarden Premium üzvlüyün 3 gün sonra bitir',
    planEndingBody: (date) => `Premium planın ${date} tarixində bitir.`,
    planEndingWhatNext:
      'Bundan sonra premium siyahılar, kateqoriya PDF-ləri və limitsiz videolar yeni plan seçənədək bağlanır. Premium özü-özünə yenilənmir; indi aldığın plan hazırkı plan bitdiyi an başlayır.',
    planEndingAction: 'Plan seç',
    planEndingWhy: 'Bu məktubu e-poçt ayarlarında "VocaGarden xəbərləri" açıq olduğu üçün alırsan.',
    contactSubject: 'Mesajını aldıq',
    contactReceived: (subject) =>
      subject
        ? `VocaGarden-ə yazdığın üçün təşəkkür edirik. “${subject}” mövzulu mesajını aldıq və ən qısa zamanda cavab verəcəyik.`
        : 'VocaGarden-ə yazdığın üçün təşəkkür edirik. Mesajını aldıq və ən qısa zamanda cavab verəcəyik.',
    contactIgnore: 'Bizə yazmamısansa, bu məktubu nəzərə almaya bilərsən: kimsə ünvanını səhvən yazmış ola bilər.',
    unsubscribe: 'Bu məktublardan imtina et',
    reminderDueSubject: (count) => `Təkrarını gözləyən ${count} söz var`,
    reminderDueBody: (count) =>
      `Bu gün təkrar üçün hazır ${count} sözün var. İndi ayıracağın bir neçə dəqiqə onları yaddaşında təzə saxlayar.`,
    reminderStreakSubject: (days) => `${days} günlük seriyanı davam etdir`,
    reminderStreakBody: (days) =>
      `${days} gündür ara vermədən öyrənirsən. Bu gün qısa bir məşğələ seriyanı davam etdirər.`,
    reminderAction: 'İndi öyrən',
    reminderWhy: 'Bu məktubu e-poçt ayarlarında "Dərs xatırlatmaları" açıq olduğu üçün alırsan.',
    welcomeBackSubject: 'Bağçan səni darıxıb',
    welcomeBackBody: (learned, due) =>
      `Artıq ${learned} söz bilirsən${due > 0 ? `; onlardan ${due} dənəsi qısa təkrar üçün hazırdır` : ''}. Qaldığın yerdən davam et: on dəqiqə kifayətdir.`,
    welcomeBackAction: 'Bağçama qayıt',
    campaignWhy: 'Bu məktubu e-poçt ayarlarında "Təkliflər və endirimlər" açıq olduğu üçün alırsan.',
  },
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

export interface Recipient {
  email: string;
  firstName: string;
  language: UiLanguage;
}

interface Parts {
  subject: string;
  paragraphs: string[];
  /** A call-to-action link, or a code shown large. */
  action?: { label: string; url: string };
  code?: string;
  footer?: string;
  /** Optional mail: the one-click headers and a footer link to leave (decision 018). */
  unsubscribe?: UnsubscribeLink;
  /** A campaign's body, already sanitised HTML with its text part, after the paragraphs. */
  body?: RenderedBody;
  /** A campaign's tracking pixel. */
  pixelUrl?: string;
}

/** Longest name a greeting repeats; a longer one is more likely a message than a name. */
const MAX_GREETING_NAME = 40;

/**
 * Anyone can sign up with any name and an address that is not theirs, so a name is repeated in
 * our mail only when it cannot pass for a link or an instruction: short, one line, nothing
 * address-like. Otherwise the greeting goes without it.
 */
export function greetingName(name: string): string {
  const trimmed = name.trim();
  const linkLike = /[:/\\@<>[\]{}]|www\.|\.[a-z]{2,}\b/i;
  const oneLine = !/[\p{Cc}\p{Cf}]/u.test(trimmed);
  return trimmed.length <= MAX_GREETING_NAME && oneLine && !linkLike.test(trimmed) ? trimmed : '';
}

function compose(to: Recipient, parts: Parts): OutgoingEmail {
  const t = texts[to.language];
  const greeting = t.greeting(greetingName(to.firstName));
  const text = [
    greeting,
    '',
    ...parts.paragraphs,
    ...(parts.body ? [parts.body.text] : []),
    ...(parts.code ? ['', parts.code] : []),
    ...(parts.action ? ['', `${parts.action.label}: ${parts.action.url}`] : []),
    ...(parts.footer ? ['', parts.footer] : []),
    ...(parts.unsubscribe ? ['', `${t.unsubscribe}: ${parts.unsubscribe.pageUrl}`] : []),
    '',
    '— VocaGarden',
  ].join('\n');
  const html = `<!doctype html>
<html lang="${to.language}"><body style="margin:0;padding:24px;background:#f4f8f1;font-family:Roboto,Helvetica,Arial,sans-serif;color:#1b1b1b">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-size:22px;font-weight:700;color:#7b1fa2">&#127807; VocaGarden</p>
<p>${escapeHtml(greeting)}</p>
${parts.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${parts.body ? parts.body.html : ''}
${parts.code ? `<p style="font-size:32px;font-weight:700;letter-spacing:8px;color:#2e7d32">${escapeHtml(parts.code)}</p>` : ''}
${parts.action ? `<p><a href="${escapeHtml(parts.action.url)}" style="display:inline-block;background:#2e7d32;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(parts.action.label)}</a></p>` : ''}
${parts.footer ? `<p style="color:#666666;font-size:13px">${escapeHtml(parts.footer)}</p>` : ''}
${parts.unsubscribe ? `<p style="color:#666666;font-size:13px"><a href="${escapeHtml(parts.unsubscribe.pageUrl)}" style="color:#666666">${escapeHtml(t.unsubscribe)}</a></p>` : ''}
</div>${parts.pixelUrl ? `<img src="${escapeHtml(parts.pixelUrl)}" width="1" height="1" alt="" style="display:block;border:0">` : ''}</body></html>`;
  return {
    to: to.email,
    subject: parts.subject,
    text,
    html,
    ...(parts.unsubscribe ? { headers: parts.unsubscribe.headers } : {}),
  };
}

export function welcomeEmail(to: Recipient, appUrl: string): OutgoingEmail {
  const t = texts[to.language];
  return compose(to, {
    subject: t.welcomeSubject,
    paragraphs: [t.welcomeBody],
    action: { label: t.welcomeAction, url: `${appUrl}/home` },
  });
}

export function passwordResetEmail(to: Recipient, resetUrl: string): OutgoingEmail {
  const t = texts[to.language];
  return compose(to, {
    subject: t.resetSubject,
    paragraphs: [t.resetBody],
    action: { label: t.resetAction, url: resetUrl },
    footer: t.resetIgnore,
  });
}

export function loginCodeEmail(to: Recipient, code: string): OutgoingEmail {
  const t = texts[to.language];
  return compose(to, { subject: t.codeSubject, paragraphs: [t.codeBody], code, footer: t.codeIgnore });
}

/** The learner's locale for numbers and dates (en-US, es-ES, tr-TR, az-AZ). */
const localeOf = (language: UiLanguage) => nativeLanguages.find((entry) => entry.code === language)!.locale;

/** Minor units as the learner's language writes money: "₺1.234,50", "₺1,234.50", "1234,50 ₺". */
export function formatMoney(amount: number, currency: string, language: UiLanguage): string {
  return new Intl.NumberFormat(localeOf(language), {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  }).format(amount / 100);
}

/** A moment in the learner's language, in UTC and saying so: we do not know their time zone. */
export function formatMoment(at: Date, language: UiLanguage): string {
  const text = new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(at);
  return `${text} UTC`;
}

export interface Receipt {
  orderId: number;
  unit: PlanUnit;
  units: number;
  /** Minor units. */
  amount: number;
  currency: string;
  /** When premium now ends. */
  until: Date;
}

/** Sent after every payment, whatever the email preferences: it is the record of a purchase. */
export function receiptEmail(to: Recipient, receipt: Receipt, appUrl: string): OutgoingEmail {
  const t = texts[to.language];
  return compose(to, {
    subject: t.receiptSubject,
    paragraphs: [
      t.receiptThanks(
        formatMoney(receipt.amount, receipt.currency, to.language),
        t.planUnits(receipt.unit, receipt.units),
      ),
      t.receiptUntil(formatMoment(receipt.until, to.language)),
      t.receiptNoRenewal,
      t.receiptOrder(receipt.orderId),
    ],
    action: { label: t.receiptAction, url: `${appUrl}/home` },
  });
}

/** Three days before premium ends, with a link that opens the plan choice ("News about VocaGarden"). */
export function planEndingEmail(
  to: Recipient,
  endsAt: Date,
  plansUrl: string,
  unsubscribe: UnsubscribeLink,
): OutgoingEmail {
  const t = texts[to.language];
  return compose(to, {
    subject: t.planEndingSubject,
    paragraphs: [t.planEndingBody(formatMoment(endsAt, to.language)), t.planEndingWhatNext],
    action: { label: t.planEndingAction, url: plansUrl },
    footer: t.planEndingWhy,
    unsubscribe,
  });
}

/** Longest subject a contact confirmation repeats. */
const MAX_ECHOED_SUBJECT = 100;

/**
 * The subject as a confirmation may repeat it, or null. The same rule as names in greetings:
 * whoever types an address into the form chooses what that address receives, so nothing that can
 * pass for a link, an address or a second line is repeated.
 */
export function echoableSubject(subject: string): string | null {
  const trimmed = subject.trim();
  const linkLike = /[:/\\@<>[\]{}]|www\.|\.[a-z]{2,}\b/i;
  const oneLine = !/[\p{Cc}\p{Cf}]/u.test(trimmed);
  return trimmed !== '' && trimmed.length <= MAX_ECHOED_SUBJECT && oneLine && !linkLike.test(trimmed) ? trimmed : null;
}

/**
 * Confirms a contact-form message to the address it was sent from. Anyone can type anyone's
 * address into the form, so this mail must not turn our sender into a relay for their text: it
 * never repeats the message body, and repeats the subject only when echoableSubject allows it.
 */
export function contactConfirmationEmail(to: Recipient, subject: string): OutgoingEmail {
  const t = texts[to.language];
  return compose(to, {
    subject: t.contactSubject,
    paragraphs: [t.contactReceived(echoableSubject(subject))],
    footer: t.contactIgnore,
  });
}

/** What a study reminder says: the reviews waiting, or else the streak at risk. */
export interface StudyNudge {
  dueReviews: number;
  /** Days in a row up to yesterday; the reminder asks to keep it when no review is due. */
  streak: number;
}

/** The evening reminder of a day without study ("Study reminders", decision 018). */
export function studyReminderEmail(
  to: Recipient,
  nudge: StudyNudge,
  appUrl: string,
  unsubscribe: UnsubscribeLink,
): OutgoingEmail {
  const t = texts[to.language];
  const byReviews = nudge.dueReviews > 0;
  return compose(to, {
    subject: byReviews ? t.reminderDueSubject(nudge.dueReviews) : t.reminderStreakSubject(nudge.streak),
    paragraphs: [byReviews ? t.reminderDueBody(nudge.dueReviews) : t.reminderStreakBody(nudge.streak)],
    action: { label: t.reminderAction, url: `${appUrl}/home` },
    footer: t.reminderWhy,
    unsubscribe,
  });
}

/** After a long absence, once: what the learner already has, and a way back. */
export function welcomeBackEmail(
  to: Recipient,
  summary: { learned: number; dueReviews: number },
  appUrl: string,
  unsubscribe: UnsubscribeLink,
): OutgoingEmail {
  const t = texts[to.language];
  return compose(to, {
    subject: t.welcomeBackSubject,
    paragraphs: [t.welcomeBackBody(summary.learned, summary.dueReviews)],
    action: { label: t.welcomeBackAction, url: `${appUrl}/home` },
    footer: t.reminderWhy,
    unsubscribe,
  });
}

/**
 * A staff campaign's message (decision 018): the staff member's subject and body in the learner's
 * language, links already rewritten for click tracking, a tracking pixel, and the way out.
 */
export function campaignEmail(
  to: Recipient,
  message: { subject: string; body: RenderedBody },
  tracking: { pixelUrl: string } | null,
  unsubscribe: UnsubscribeLink | null,
): OutgoingEmail {
  const t = texts[to.language];
  return compose(to, {
    subject: message.subject,
    paragraphs: [],
    body: message.body,
    footer: t.campaignWhy,
    ...(tracking ? { pixelUrl: tracking.pixelUrl } : {}),
    ...(unsubscribe ? { unsubscribe } : {}),
  });
}
