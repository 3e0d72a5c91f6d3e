window.COURSE_TEXT = {
  'pt-BR': {
    title: 'Fundamentos do solo (SCORM 1.2)', preview: 'Pré-visualização: sem LMS, o progresso não é salvo.', prev: 'Anterior', next: 'Próxima',
    pages: [
      ['Textura', 'O solo é formado por areia, silte e argila. A proporção entre eles define a textura e a capacidade de reter água.'],
      ['Acidez', 'A maioria das culturas prefere pH entre 5,5 e 6,5. A calagem corrige a acidez e fornece cálcio e magnésio.'],
      ['Matéria orgânica', 'A palhada e a rotação de culturas aumentam a matéria orgânica e a vida do solo.'],
    ],
    question: 'O que corrige a acidez do solo?', options: ['Calagem', 'Irrigação', 'Colheita'], correct: 0,
    done: 'Parabéns! Curso concluído.', retry: 'Ainda não: revise a página sobre acidez e tente de novo.',
  },
  es: {
    title: 'Fundamentos del suelo (SCORM 1.2)', preview: 'Vista previa: sin LMS, el progreso no se guarda.', prev: 'Anterior', next: 'Siguiente',
    pages: [
      ['Textura', 'El suelo está formado por arena, limo y arcilla. Su proporción define la textura y la retención de agua.'],
      ['Acidez', 'La mayoría de los cultivos prefiere un pH entre 5,5 y 6,5. El encalado corrige la acidez y aporta calcio y magnesio.'],
      ['Materia orgánica', 'El rastrojo y la rotación de cultivos aumentan la materia orgánica y la vida del suelo.'],
    ],
    question: '¿Qué corrige la acidez del suelo?', options: ['Encalado', 'Riego', 'Cosecha'], correct: 0,
    done: '¡Felicitaciones! Curso completado.', retry: 'Todavía no: revisa la página sobre acidez e inténtalo de nuevo.',
  },
  en: {
    title: 'Soil fundamentals (SCORM 1.2)', preview: 'Preview: without an LMS, progress is not saved.', prev: 'Previous', next: 'Next',
    pages: [
      ['Texture', 'Soil is made of sand, silt and clay. Their proportion defines texture and water holding capacity.'],
      ['Acidity', 'Most crops prefer a pH between 5.5 and 6.5. Liming corrects acidity and supplies calcium and magnesium.'],
      ['Organic matter', 'Crop residue and rotation increase organic matter and soil life.'],
    ],
    question: 'What corrects soil acidity?', options: ['Liming', 'Irrigation', 'Harvest'], correct: 0,
    done: 'Congratulations! Course completed.', retry: 'Not yet: review the acidity page and try again.',
  },
};
