/** Stylesheets: the standard rules, the project's BEM class names, and no rule nested in another (an unclosed block nests every later rule). */
export default {
  extends: ['stylelint-config-standard'],
  rules: {
    'selector-class-pattern': ['^[a-z][a-z0-9-]*(__[a-z0-9-]+)?(--[a-z0-9-]+)?$', { message: 'Class names are BEM: block__element--modifier in kebab-case' }],
    'media-feature-range-notation': 'prefix',
    'max-nesting-depth': [0, { ignoreAtRules: ['media', 'supports', 'container', 'layer'] }],
    'no-descending-specificity': null,
  },
};
