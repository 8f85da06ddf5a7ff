export type { TemplateItem } from './alert-item-lines';
export { TEMPLATE_LIMITS } from './sandbox';
export {
  type TemplateContext,
  type TemplateDetails,
  templateContext,
  templateTime,
} from './template-context';
export {
  checkTemplate,
  previewTemplate,
  readsVariable,
  renderTemplate,
  type TemplateCheck,
  type TemplatePreview,
  type TemplateRender,
} from './template-engine';
export { type TemplateGroup, type TemplateGroupInstance, templateGroupOf } from './template-group';
export { templatedMessage } from './templated-message';
