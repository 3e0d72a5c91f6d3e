// Mantine's PostCSS preset: mixins (light/dark, smaller-than...) and rem/em functions.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
