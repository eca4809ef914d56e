/**
 * The demo hospital's help articles (V1.0/HelpSupport), in Chinese and English. Plain words for
 * the questions patients of cloud-film services ask most.
 */

type Language = 'zh-CN' | 'en';
type Words = Record<Language, string>;

export interface HelpType {
  typeId: string;
  name: Words;
}

export interface HelpArticle {
  questionId: string;
  typeId: string;
  title: Words;
  paragraphs: Record<Language, readonly string[]>;
  updatedAt: string;
  related: readonly string[];
}

export const HELP_TYPES: readonly HelpType[] = [
  { typeId: 'collect', name: { 'zh-CN': '领取与查看', en: 'Collecting and viewing' } },
  { typeId: 'share', name: { 'zh-CN': '下载与分享', en: 'Downloading and sharing' } },
  { typeId: 'pay', name: { 'zh-CN': '付费与订单', en: 'Payments and orders' } },
  { typeId: 'privacy', name: { 'zh-CN': '账号与隐私', en: 'Account and privacy' } },
];

export const HELP_ARTICLES: readonly HelpArticle[] = [
  {
    questionId: 'collect-qr',
    typeId: 'collect',
    title: { 'zh-CN': '扫描胶片袋上的二维码后提示错误怎么办？', en: 'Scanning the QR code on my film bag shows an error. What now?' },
    paragraphs: {
      'zh-CN': [
        '请确认扫描的是本院胶片袋上的二维码，并保持手机网络畅通。',
        '如果仍然提示错误，可以不扫码，直接在"领取影像"页用身份证号或姓名和手机号核对身份领取。',
        '也可以截图后联系客服（服务时间 9:00-18:00），我们会尽快为您处理。',
      ],
      en: [
        'Make sure the code is the one on this hospital\'s film bag, and that your phone is online.',
        'If it still fails, skip the code: on "Collect my images", confirm who you are with your ID card number, or your name and mobile number.',
        'You can also take a screenshot and contact customer service (9:00-18:00). We will help as soon as we can.',
      ],
    },
    updatedAt: '2026-10-12',
    related: ['collect-sms', 'collect-when'],
  },
  {
    questionId: 'collect-sms',
    typeId: 'collect',
    title: { 'zh-CN': '为什么收不到短信验证码？', en: 'Why don\'t I get the text message code?' },
    paragraphs: {
      'zh-CN': [
        '验证码会发送到您在医院登记的手机号，页面上会显示号码的前三位和后四位。',
        '请检查手机是否拦截了短信。验证码 5 分钟内有效，60 秒后可以重新发送。',
        '如果登记的手机号已停用，请带上身份证到医院放射科服务台更新。',
      ],
      en: [
        'The code goes to the mobile number the hospital has for you; the page shows its first three and last four digits.',
        'Check whether your phone filtered the message. A code lasts 5 minutes, and you can ask for a new one after 60 seconds.',
        'If that number is no longer yours, bring your ID card to the radiology service desk to update it.',
      ],
    },
    updatedAt: '2026-10-12',
    related: ['collect-qr'],
  },
  {
    questionId: 'collect-when',
    typeId: 'collect',
    title: { 'zh-CN': '检查做完多久能看到影像和报告？', en: 'How soon after my exam can I see the images and the report?' },
    paragraphs: {
      'zh-CN': ['影像通常在检查结束后 30 分钟内上传。', '报告需要医生书写和审核，一般在 1 个工作日内同步；报告页会显示上次同步的时间，您可以点"再次查询"。'],
      en: ['Images are usually online within 30 minutes of the exam.', 'The report is written and checked by a radiologist, and usually arrives within one working day. The report shows when it was last checked; tap "check again" to ask.'],
    },
    updatedAt: '2026-09-30',
    related: ['collect-sms'],
  },
  {
    questionId: 'share-download',
    typeId: 'share',
    title: { 'zh-CN': '如何把影像下载到电脑？', en: 'How do I download my images to a computer?' },
    paragraphs: {
      'zh-CN': [
        '在检查详情页点"下载"，选择"原始DICOM文件"（含 DICOMDIR，可用任意 DICOM 看图软件打开）或"JPEG图片"，然后开始打包。',
        '打包完成后可以直接下载，也可以复制链接或发送到邮箱，在电脑上打开。微信内无法保存文件，请复制链接用浏览器打开。',
        '下载链接保留 7 天。',
      ],
      en: [
        'On the study page, tap "Download", choose "Original DICOM files" (with a DICOMDIR; any DICOM viewer opens them) or "JPEG pictures", and make the package.',
        'When it is ready, download it, or copy the link or e-mail it to open on a computer. WeChat cannot save files: copy the link and open it in a browser.',
        'Download links last 7 days.',
      ],
    },
    updatedAt: '2026-11-20',
    related: ['share-safe', 'privacy-desensitize'],
  },
  {
    questionId: 'share-safe',
    typeId: 'share',
    title: { 'zh-CN': '把检查分享给医生安全吗？', en: 'Is it safe to share a study with a doctor?' },
    paragraphs: {
      'zh-CN': ['分享需要链接和 4 位访问码才能打开，对方只能查看，不能下载。', '您可以选择 1 天、7 天或 30 天有效期，也可以随时在"我的分享"中撤销。建议把链接和访问码分开发送。'],
      en: ['A share opens only with its link and its 4-digit access code, and the other person can only view it, not download it.', 'Choose 1, 7 or 30 days, and revoke it any time under "My shares". Send the link and the code separately.'],
    },
    updatedAt: '2026-11-20',
    related: ['share-download'],
  },
  {
    questionId: 'pay-pending',
    typeId: 'pay',
    title: { 'zh-CN': '已经付款，订单还显示"待支付"怎么办？', en: 'I paid, but the order still says "to be paid".' },
    paragraphs: {
      'zh-CN': ['支付结果可能稍有延迟。请回到订单列表下拉刷新，系统会向支付平台再次查询。', '如果 10 分钟后仍显示待支付，请不要重复付款，联系客服并提供订单号。'],
      en: ['The payment result can take a moment to arrive. Go back to the order list and pull down to refresh; we ask the payment service again.', 'If it still says "to be paid" after 10 minutes, do not pay again: contact customer service with the order number.'],
    },
    updatedAt: '2026-11-01',
    related: ['pay-storage'],
  },
  {
    questionId: 'pay-storage',
    typeId: 'pay',
    title: { 'zh-CN': '影像存储到期后会怎样？', en: 'What happens when my image storage ends?' },
    paragraphs: {
      'zh-CN': ['每次检查的影像免费保存 180 天。到期后影像不能在线查看，报告仍可查看。', '如需继续保存，可以在"付费存储"中购买存储时长。'],
      en: ['Each study\'s images are kept free for 180 days. After that the images can no longer be viewed online; the report stays.', 'To keep them longer, buy more storage under "Paid storage".'],
    },
    updatedAt: '2026-11-01',
    related: ['pay-pending'],
  },
  {
    questionId: 'privacy-desensitize',
    typeId: 'privacy',
    title: { 'zh-CN': '下载时"隐去个人信息"会去掉什么？', en: 'What does "remove personal details" take out of a download?' },
    paragraphs: {
      'zh-CN': ['会去掉姓名、证件号、出生日期、医院和检查号，影像本身不变。', '适合把影像交给其他医院或用于第二诊疗意见。'],
      en: ['It removes the name, ID, birth date, hospital and accession number. The images stay unchanged.', 'Use it when you pass your images to another hospital or for a second opinion.'],
    },
    updatedAt: '2026-11-20',
    related: ['share-download'],
  },
];
