export type { TemplateItem } from './alert-item-lines';
export { TEMPLATE_LIMITS } from './sandbox';
export {
  type TemplateContext,
  type TemplateDetails,
  templateContext,
  templateTime,
} from './template-context';
export { type TemplateGroup, type TemplateGroupInstance, templateGroupOf } from './template-group';
export {
  checkTemplate,
  readsVariable,
  previewTemplate,
  renderTemplate,
  type TemplateCheck,
  type TemplatePreview,
  type TemplateRender,
} from './template-engine';
export { templatedMessage } from './templated-message';
