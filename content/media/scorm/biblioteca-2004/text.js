window.COURSE_TEXT = {
  'pt-BR': {
    title: 'Leitura de bula e rótulo (SCORM 2004)', preview: 'Pré-visualização: sem LMS, o progresso não é salvo.', prev: 'Anterior', next: 'Próxima',
    pages: [
      ['Identificação', 'O rótulo traz o nome do produto, a classe, o registro e a faixa de toxicidade.'],
      ['Dose e intervalo', 'Respeite a dose por hectare e o intervalo de segurança entre a aplicação e a colheita.'],
      ['Proteção', 'Use o equipamento de proteção individual indicado e descarte as embalagens pela tríplice lavagem.'],
    ],
    question: 'O que é o intervalo de segurança?', options: ['Tempo entre aplicação e colheita', 'Distância entre linhas', 'Validade do produto'], correct: 0,
    done: 'Parabéns! Curso concluído.', retry: 'Ainda não: revise a página sobre dose e intervalo.',
  },
  es: {
    title: 'Lectura de etiqueta (SCORM 2004)', preview: 'Vista previa: sin LMS, el progreso no se guarda.', prev: 'Anterior', next: 'Siguiente',
    pages: [
      ['Identificación', 'La etiqueta indica el nombre del producto, la clase, el registro y la banda toxicológica.'],
      ['Dosis e intervalo', 'Respeta la dosis por hectárea y el período de carencia entre la aplicación y la cosecha.'],
      ['Protección', 'Usa el equipo de protección personal indicado y elimina los envases con triple lavado.'],
    ],
    question: '¿Qué es el período de carencia?', options: ['Tiempo entre aplicación y cosecha', 'Distancia entre hileras', 'Vencimiento del producto'], correct: 0,
    done: '¡Felicitaciones! Curso completado.', retry: 'Todavía no: revisa la página sobre dosis e intervalo.',
  },
  en: {
    title: 'Reading a product label (SCORM 2004)', preview: 'Preview: without an LMS, progress is not saved.', prev: 'Previous', next: 'Next',
    pages: [
      ['Identification', 'The label shows the product name, class, registration and toxicity band.'],
      ['Rate and interval', 'Keep to the rate per hectare and the pre-harvest interval between application and harvest.'],
      ['Protection', 'Wear the personal protective equipment indicated and triple-rinse containers before disposal.'],
    ],
    question: 'What is the pre-harvest interval?', options: ['Time between application and harvest', 'Row spacing', 'Product shelf life'], correct: 0,
    done: 'Congratulations! Course completed.', retry: 'Not yet: review the rate and interval page.',
  },
};
