import type { Locale } from '@portal/kernel';

type Template = (vars: { link: string; email: string; code?: string; minutes?: number }) => { subject: string; text: string };
type Kind = 'verifyEmail' | 'resetPassword' | 'recoverEmail' | 'phoneCode';

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
  },
};

export const renderMail = (kind: Kind, locale: Locale, vars: Parameters<Template>[0]) => TEMPLATES[locale][kind](vars);

export const actionLink = (publicUrl: string, mode: string, oobCode: string, lang: Locale) =>
  `${publicUrl.replace(/\/$/, '')}/auth/action?mode=${mode}&oobCode=${encodeURIComponent(oobCode)}&lang=${encodeURIComponent(lang)}`;
