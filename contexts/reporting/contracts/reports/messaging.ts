import { defineReport, h } from '../report-definition.js';

/**
 * One user message and our replies to it (001 §3 messaging-app message record), or a reply that
 * answered no message (it opened the conversation: `userMessage` null). `userId`, `learner`,
 * `email`, `company` are null for a phone that matched no user when the message arrived (the
 * learner columns are then empty).
 */
export const messagingReport = defineReport({
  name: 'messaging',
  title: h('Mensagens do WhatsApp', 'Mensajes de WhatsApp', 'WhatsApp messages'),
  summary: 'Messaging report (001 §2 whatsapp-messages): user messages, our responses, send dates',
  access: 'messaging',
  defaultSort: 'sentAt',
  fields: [
    { key: 'rowId', kind: 'text' },
    { key: 'userId', kind: 'text', nullable: true },
    { key: 'learner', header: h('Usuário', 'Usuario', 'Learner'), kind: 'text', nullable: true, sortable: true },
    { key: 'email', header: h('E-mail', 'Correo electrónico', 'E-mail'), kind: 'text', nullable: true, sortable: true },
    { key: 'company', header: h('Empresa', 'Empresa', 'Company'), kind: 'text', nullable: true, sortable: true },
    { key: 'phone', header: h('Telefone', 'Teléfono', 'Phone'), kind: 'text', sortable: true },
    { key: 'contactName', header: h('Nome no aplicativo', 'Nombre en la aplicación', 'Name in the app'), kind: 'text', nullable: true, sortable: true },
    { key: 'messageType', kind: 'text' },
    { key: 'userMessage', header: h('Mensagem do usuário', 'Mensaje del usuario', 'User message'), kind: 'text', nullable: true },
    { key: 'response', header: h('Resposta', 'Respuesta', 'Response'), kind: 'text', nullable: true },
    { key: 'sentAt', header: h('Enviada em', 'Enviado el', 'Sent at'), kind: 'datetime', sortable: true },
    { key: 'respondedAt', header: h('Respondida em', 'Respondido el', 'Responded at'), kind: 'datetime', nullable: true, sortable: true },
    { key: 'replies', header: h('Respostas', 'Respuestas', 'Replies'), kind: 'number', int: true, sortable: true },
  ],
});
