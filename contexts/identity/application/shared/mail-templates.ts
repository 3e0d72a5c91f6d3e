import { DEFAULT_LOCALE, type Locale } from '@portal/kernel';

type Template = (vars: { link: string; email: string; code?: string; minutes?: number; days?: number; name?: string | null; company?: string | null; product?: string; date?: string }) => { subject: string; text: string };
type Kind = 'verifyEmail' | 'resetPassword' | 'recoverEmail' | 'phoneCode' | 'signInLink' | 'invitation' | 'dataExportReady' | 'deletionScheduled' | 'deletionCanceled';

/** Identity mails and SMS in the three locales. */
const TEMPLATES: Record<Locale, Record<Kind, Template>> = {
  'pt-BR': {
    verifyEmail: ({ link }) => ({
      subject: 'Confirme seu e-mail',
      text: `Olá!\n\nConfirme seu endereço de e-mail abrindo o link abaixo:\n${link}\n\nO link vale por 24 horas e pode ser usado uma vez.\nSe você não criou uma conta, ignore esta mensagem.`,
    }),
    resetPassword: ({ link, email }) => ({
      subject: 'Redefinição de senha',
      text: `Olá!\n\nRecebemos um pedido para redefinir a senha de ${email}. Abra o link para escolher uma nova senha:\n${link}\n\nO link vale por 1 hora e pode ser usado uma vez. Se não foi você, ignore esta mensagem.`,
    }),
    recoverEmail: ({ link, email }) => ({
      subject: 'Seu e-mail de acesso foi alterado',
      text: `Olá!\n\nO e-mail de acesso da sua conta foi alterado para ${email}. Se não foi você, restaure o endereço anterior abrindo:\n${link}`,
    }),
    phoneCode: ({ code, minutes }) => ({ subject: 'Código de verificação', text: `Seu código de verificação é ${code}. Ele vale por ${minutes} minutos.` }),
    signInLink: ({ link, email, minutes }) => ({
      subject: 'Seu link de acesso',
      text: `Olá!\n\nAbra o link abaixo para entrar como ${email}:\n${link}\n\nO link vale por ${minutes} minutos e pode ser usado uma vez. Se não foi você que pediu, ignore esta mensagem: sua senha continua a mesma.`,
    }),
    invitation: ({ link, email, days, name, company, product }) => ({
      subject: `Você foi convidado para o ${product}`,
      text: `Olá${name ? `, ${name}` : ''}!\n\n${company ? `${company} convidou você` : 'Você foi convidado'} para o ${product}, o portal de treinamentos agronômicos. Crie sua conta com o e-mail ${email} abrindo o link abaixo; seus dados já estão preenchidos:\n${link}\n\nO link vale por ${days} dias. Se você não esperava este convite, ignore esta mensagem.`,
    }),
    dataExportReady: ({ link, days }) => ({
      subject: 'Seus dados estão prontos para download',
      text: `Olá!\n\nO arquivo com os seus dados no portal está pronto. Entre na sua conta e abra o link abaixo para baixá-lo:\n${link}\n\nO link vale por ${days} dias e só funciona na sua conta.`,
    }),
    deletionScheduled: ({ link, date }) => ({
      subject: 'Sua conta será excluída',
      text: `Olá!\n\nRecebemos o seu pedido de exclusão de conta. Seus dados serão apagados em ${date}. Se mudar de ideia, basta entrar na sua conta antes dessa data para cancelar o pedido:\n${link}`,
    }),
    deletionCanceled: () => ({
      subject: 'A exclusão da sua conta foi cancelada',
      text: 'Olá!\n\nVocê entrou na sua conta durante o período de carência, por isso o pedido de exclusão foi cancelado. Sua conta e seus dados continuam no portal.',
    }),
  },
  es: {
    verifyEmail: ({ link }) => ({
      subject: 'Confirma tu correo electrónico',
      text: `¡Hola!\n\nConfirma tu dirección de correo abriendo el siguiente enlace:\n${link}\n\nEl enlace vale 24 horas y se puede usar una vez.\nSi no creaste una cuenta, ignora este mensaje.`,
    }),
    resetPassword: ({ link, email }) => ({
      subject: 'Restablecimiento de contraseña',
      text: `¡Hola!\n\nRecibimos una solicitud para restablecer la contraseña de ${email}. Abre el enlace para elegir una nueva contraseña:\n${link}\n\nEl enlace vale 1 hora y se puede usar una vez. Si no fuiste tú, ignora este mensaje.`,
    }),
    recoverEmail: ({ link, email }) => ({
      subject: 'Tu correo de acceso fue cambiado',
      text: `¡Hola!\n\nEl correo de acceso de tu cuenta se cambió a ${email}. Si no fuiste tú, restaura la dirección anterior abriendo:\n${link}`,
    }),
    phoneCode: ({ code, minutes }) => ({ subject: 'Código de verificación', text: `Tu código de verificación es ${code}. Vale por ${minutes} minutos.` }),
    signInLink: ({ link, email, minutes }) => ({
      subject: 'Tu enlace de acceso',
      text: `¡Hola!\n\nAbre el siguiente enlace para entrar como ${email}:\n${link}\n\nEl enlace vale ${minutes} minutos y se puede usar una vez. Si no lo pediste, ignora este mensaje: tu contraseña sigue siendo la misma.`,
    }),
    invitation: ({ link, email, days, name, company, product }) => ({
      subject: `Te invitaron a ${product}`,
      text: `¡Hola${name ? `, ${name}` : ''}!\n\n${company ? `${company} te invitó` : 'Te invitaron'} a ${product}, el portal de capacitación agronómica. Crea tu cuenta con el correo ${email} abriendo el siguiente enlace; tus datos ya están completados:\n${link}\n\nEl enlace vale ${days} días. Si no esperabas esta invitación, ignora este mensaje.`,
    }),
    dataExportReady: ({ link, days }) => ({
      subject: 'Tus datos están listos para descargar',
      text: `¡Hola!\n\nEl archivo con tus datos en el portal está listo. Inicia sesión y abre el siguiente enlace para descargarlo:\n${link}\n\nEl enlace vale ${days} días y solo funciona en tu cuenta.`,
    }),
    deletionScheduled: ({ link, date }) => ({
      subject: 'Tu cuenta será eliminada',
      text: `¡Hola!\n\nRecibimos tu solicitud de eliminar la cuenta. Tus datos se borrarán el ${date}. Si cambias de opinión, inicia sesión antes de esa fecha para cancelar la solicitud:\n${link}`,
    }),
    deletionCanceled: () => ({
      subject: 'Se canceló la eliminación de tu cuenta',
      text: '¡Hola!\n\nIniciaste sesión durante el período de gracia, así que la solicitud de eliminación se canceló. Tu cuenta y tus datos siguen en el portal.',
    }),
  },
  en: {
    verifyEmail: ({ link }) => ({
      subject: 'Confirm your e-mail',
      text: `Hello!\n\nConfirm your e-mail address by opening the link below:\n${link}\n\nThe link is valid for 24 hours and can be used once.\nIf you did not create an account, ignore this message.`,
    }),
    resetPassword: ({ link, email }) => ({
      subject: 'Password reset',
      text: `Hello!\n\nWe received a request to reset the password of ${email}. Open the link to choose a new password:\n${link}\n\nThe link is valid for 1 hour and can be used once. If it was not you, ignore this message.`,
    }),
    recoverEmail: ({ link, email }) => ({
      subject: 'Your sign-in e-mail was changed',
      text: `Hello!\n\nThe sign-in e-mail of your account was changed to ${email}. If it was not you, restore the previous address by opening:\n${link}`,
    }),
    phoneCode: ({ code, minutes }) => ({ subject: 'Verification code', text: `Your verification code is ${code}. It is valid for ${minutes} minutes.` }),
    signInLink: ({ link, email, minutes }) => ({
      subject: 'Your sign-in link',
      text: `Hello!\n\nOpen the link below to sign in as ${email}:\n${link}\n\nThe link is valid for ${minutes} minutes and can be used once. If you did not ask for it, ignore this message: your password is unchanged.`,
    }),
    invitation: ({ link, email, days, name, company, product }) => ({
      subject: `You are invited to ${product}`,
      text: `Hello${name ? ` ${name}` : ''}!\n\n${company ? `${company} invited you` : 'You were invited'} to ${product}, the agronomy training portal. Create your account with the e-mail ${email} by opening the link below; your details are already filled in:\n${link}\n\nThe link is valid for ${days} days. If you did not expect this invitation, ignore this message.`,
    }),
    dataExportReady: ({ link, days }) => ({
      subject: 'Your data is ready to download',
      text: `Hello!\n\nThe file with your data in the portal is ready. Sign in and open the link below to download it:\n${link}\n\nThe link is valid for ${days} days and only works in your account.`,
    }),
    deletionScheduled: ({ link, date }) => ({
      subject: 'Your account will be deleted',
      text: `Hello!\n\nWe received your request to delete your account. Your data will be erased on ${date}. If you change your mind, sign in before then to cancel the request:\n${link}`,
    }),
    deletionCanceled: () => ({
      subject: 'The deletion of your account was canceled',
      text: 'Hello!\n\nYou signed in during the grace period, so the deletion request was canceled. Your account and your data stay in the portal.',
    }),
  },
};

export const renderMail = (kind: Kind, locale: Locale, vars: Parameters<Template>[0]) => TEMPLATES[locale][kind](vars);

export const actionLink = (publicUrl: string, mode: string, oobCode: string, lang: Locale) =>
  `${publicUrl.replace(/\/$/, '')}/auth/action?mode=${mode}&oobCode=${encodeURIComponent(oobCode)}&lang=${encodeURIComponent(lang)}`;

/** The sign-in link of ADR 0032: the SPA's /auth/link screen signs in with it. */
export const signInLinkUrl = (publicUrl: string, code: string, lang: Locale) =>
  `${publicUrl.replace(/\/$/, '')}/auth/link?code=${encodeURIComponent(code)}&lang=${encodeURIComponent(lang)}`;

/** The invitation of ADR 0050: the SPA's registration screen reads the token (GET /userPreRegister?hash=). */
export const invitationUrl = (publicUrl: string, token: string, lang: Locale) =>
  `${publicUrl.replace(/\/$/, '')}/auth/register?invitation=${encodeURIComponent(token)}&lang=${encodeURIComponent(lang)}`;

/** A mail's language: the one asked for, else the profile's, else the default. */
export const localeOf = (requested: Locale | null, profile: Locale | null): Locale => requested ?? profile ?? DEFAULT_LOCALE;
