// Panda CSS generates the atomic CSS at build time from the style calls it finds in src/.
module.exports = {
  plugins: {
    "@pandacss/dev/postcss": {},
  },
};
