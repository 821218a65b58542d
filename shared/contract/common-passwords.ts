/**
 * The most common passwords of at least 8 characters (the shortest length Construct accepts),
 * from public breach-frequency lists: the first guesses of any credential-stuffing or
 * brute-force run. Registration and admin-created accounts refuse them (compared ignoring
 * letter case), as NIST SP 800-63B and OWASP ASVS V2.1.7 ask.
 */
export const COMMON_PASSWORDS: readonly string[] = [
  'password', '12345678', '123456789', '1234567890', 'qwertyuiop', 'password1', 'iloveyou', '11111111',
  'baseball', 'sunshine1', 'sunshine', 'football', 'princess', '12341234', 'qwerty123', '1q2w3e4r',
  '88888888', '00000000', 'abc12345', 'abcd1234', 'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword',
  'qwertyui', '123123123', '987654321', '1qaz2wsx', 'zaq12wsx', 'welcome1', 'welcome123', 'trustno1',
  'superman', 'starwars', 'whatever', 'michelle', 'jennifer', 'computer', 'internet', 'corvette', 'mercedes',
  'mustang1', 'football1', 'baseball1', 'iloveyou1', 'iloveyou2', 'princess1', '12344321', '123qweasd',
  'qweasdzxc', 'asdfghjkl', 'zxcvbnm1', 'asdf1234', 'qwer1234', '1234qwer', 'a1b2c3d4', 'q1w2e3r4',
  'q1w2e3r4t5', '1q2w3e4r5t', '1qazxsw2', 'password12', 'password2', 'password!', 'letmein1', 'letmein123',
  'changeme', 'changeme1', 'administrator', 'admin123', 'admin1234', 'adminadmin', 'rootroot', 'master123',
  'dragon123', 'monkey123', 'shadow123', 'michael1', 'jordan23', 'liverpool', 'chelsea1', 'arsenal1',
  'manchester', 'barcelona', 'maverick', 'zaq1zaq1', '1234abcd', '11223344', '12121212', '123456789a',
  'a123456789', '11111111a', 'aaaaaaaa', 'qqqqqqqq', 'abcdefgh', 'abcdefg1', '87654321', '13131313',
  '147258369', '159753456', '123654789', '741852963', '789456123', '456789123', '12345678a', '123456abc',
  'qazwsxedc', 'qwe123qwe', 'qwertyu1', '1qwerty1', 'qwerty12', 'qwerty1234', 'qwertyuiop1', 'football12',
  'soccer123', 'hockey12', 'basketball', 'blink182', 'pokemon1', 'pokemon123', 'naruto123', 'hellokitty',
  'butterfly', 'chocolate', 'cocacola', 'pineapple', 'strawberry', 'elizabeth', 'alexander', 'christian',
  'jonathan', 'benjamin', 'victoria', 'samantha', 'jessica1', 'ashley123', 'daniel123', 'charlie1',
  'lovelove', 'iloveu123', 'loveyou1', 'lovely123', 'babygirl', 'babygirl1', 'sweetheart', 'beautiful',
  'angel123', 'forever1', 'friends1', 'freedom1', 'whatever1', 'nothing1', 'secret123', 'security',
  'myspace1', 'facebook', 'google123', 'linkedin', 'snoopy12', 'matrix123', 'starwars1', 'batman123',
  'spiderman', 'superman1', 'pass1234', 'pass12345', 'passpass', 'testtest', 'test1234', 'test12345',
  'guest123', 'login123', 'hello123', 'helloworld', 'welcome2', 'qwerty11', 'zxcvbnm123', 'asdfasdf',
  'asdfjkl1', '1a2b3c4d', '7777777a', '99999999', '77777777', '66666666', '55555555', '44444444', '33333333',
  '22222222', '123123123a', '1234554321', '0987654321', '01234567', '123456789q', 'qwaszx12', 'access14',
  'summer2024', 'winter2024', 'spring2024', 'autumn2024',
];

const COMMON = /* @__PURE__ */ new Set(COMMON_PASSWORDS);

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another.';

export const isCommonPassword = (password: string) => COMMON.has(password.toLowerCase());
